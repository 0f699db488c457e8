import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const major = (version: string) => Number(version.replace(/^v/, '').split('.')[0]);

// npm puts node_modules/.bin first on PATH for every script; the `node` devDependency puts Node 24 there, so the
// README's commands work on a machine whose own Node is 20 (docs/decisions/006-node-from-npm.md).
describe('npm scripts run on Node 24 whatever Node the machine has', () => {
  it('runs the tests themselves on Node >= 24 (the host core relies on its type stripping and node:sqlite)', () => {
    expect(major(process.versions.node)).toBeGreaterThanOrEqual(24);
  });

  it('gives children started as plain `node` (fixtures, npx, nested npm scripts) the same Node', () => {
    const child = spawnSync('node', ['-p', 'process.versions.node'], { encoding: 'utf8' });
    expect(child.error).toBeUndefined();
    expect(major(child.stdout.trim())).toBeGreaterThanOrEqual(24);
  });

  it('pins Node 24 as a devDependency whose install script npm may run', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { devDependencies: Record<string, string>; allowScripts?: Record<string, boolean> };
    expect(major(pkg.devDependencies.node ?? '0')).toBe(24);
    // npm 11 blocks dependencies' install scripts not listed here; `node` downloads its binary in one.
    expect(pkg.allowScripts?.node).toBe(true);
  });
});
