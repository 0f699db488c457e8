/** `scripts/checkElectron.ts` as CI runs it: passes on the app, and fails on an insecure window or a bare justification. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ElectronCheckReport } from '../../scripts/checkElectron.ts';

const root = join(import.meta.dirname, '..', '..');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function runCheck(args: string[]): { status: number | null; report?: ElectronCheckReport; stderr: string } {
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'checkElectron.ts'), '--json', ...args], { cwd: root, encoding: 'utf8', timeout: 120_000 });
  const line = result.stdout.trim().split('\n').at(-1) ?? '';
  return { status: result.status, stderr: result.stderr, ...(line.startsWith('{') ? { report: JSON.parse(line) as ElectronCheckReport } : {}) };
}

describe('checkElectron', () => {
  it('passes on electron/: no unjustified high or medium finding, a strong CSP, a valid builder config', () => {
    const { status, report } = runCheck([]);
    expect(report?.electronegativity.unjustified).toEqual([]);
    expect(report?.electronegativity.parseErrors).toEqual([]);
    expect(report?.electronegativity.checksRun).toBeGreaterThan(30);
    expect(report?.csp.passed).toBe(true);
    expect(report?.builderConfig.problems).toEqual([]);
    expect(status).toBe(0);
  });

  it('fails on a window with Node integration and no context isolation', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-insecure-'));
    dirs.push(dir);
    writeFileSync(
      join(dir, 'main.ts'),
      "import { BrowserWindow } from 'electron';\nexport const win = new BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false } });\n",
    );
    writeFileSync(join(dir, 'justifications.json'), JSON.stringify({ justifications: [] }));
    const { status, report } = runCheck(['--input', dir, '--justifications', join(dir, 'justifications.json')]);
    expect(status).toBe(1);
    expect(report?.passed).toBe(false);
    const ids = report?.electronegativity.unjustified.map((finding) => finding.id) ?? [];
    expect(ids).toEqual(expect.arrayContaining(['CONTEXT_ISOLATION_JS_CHECK', 'SANDBOX_JS_CHECK', 'LIMIT_NAVIGATION_GLOBAL_CHECK', 'PERMISSION_REQUEST_HANDLER_GLOBAL_CHECK']));
  });

  it('refuses a justification without a real reason', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-justify-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'justifications.json'), JSON.stringify({ justifications: [{ check: 'PRELOAD_JS_CHECK', file: 'desktop/mainWindow.ts', reason: 'fine' }] }));
    const { status, stderr } = runCheck(['--justifications', join(dir, 'justifications.json')]);
    expect(status).toBe(1);
    expect(stderr).toMatch(/reason/);
  });
});
