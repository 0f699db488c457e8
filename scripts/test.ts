/**
 * `npm test [-- <step>...]`: type-check, lint, unit + integration tests, then end-to-end tests in Chromium.
 * Steps: typecheck, lint, electron, unit, conformance, e2e (all by default), smoke (only when named).
 * Prints one closing line `N passed, N failed` counting every test and every check.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { outputTail, readVitestReport } from './testReport.ts';

interface StepCount { passed: number; failed: number }

const root = join(import.meta.dirname, '..');
const outDir = join(root, 'test-results');
mkdirSync(outDir, { recursive: true });

function run(label: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

const totals: StepCount = { passed: 0, failed: 0 };
/** One line per failed check or test, printed again just above the closing line. */
const failures: string[] = [];
/** One line per test that failed once and passed when Vitest ran it again: counted as passed, never hidden. */
const flaky: string[] = [];
const add = (count: StepCount & { failures?: string[]; flaky?: string[] }) => {
  totals.passed += count.passed;
  totals.failed += count.failed;
  failures.push(...(count.failures ?? []));
  flaky.push(...(count.flaky ?? []));
};
const check = (label: string, passed: boolean, detail: string[] = []) =>
  add(passed ? { passed: 1, failed: 0 } : { passed: 0, failed: 1, failures: [`${label}: failed`, ...detail.map((line) => `  ${line}`)] });

/** How many of a failed check's last output lines the summary repeats: enough for a few lint or type errors. */
const CHECK_TAIL_LINES = 12;

/** Runs a check (type-check, lint, config check), echoing its output; a failure is summarized with its last lines. */
function runCheck(label: string, args: string[]): void {
  console.log(`\n=== ${label}: npm ${args.join(' ')}`);
  const result = spawnSync('npm', args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  process.stdout.write(result.stdout ?? '');
  process.stderr.write(result.stderr ?? '');
  check(label, result.status === 0, outputTail(result.stdout ?? '', result.stderr ?? '', CHECK_TAIL_LINES));
}

const only = process.argv.slice(2);
/** The smoke subset: which Node runs scripts and their children, `npm start`'s decisions, the e2e browser lookup. */
const smokeTests = ['scripts/nodeRuntime.test.ts', 'scripts/startDecision.test.ts', 'scripts/browserPath.test.ts'];
const wants = (step: string) => only.length === 0 || only.includes(step);

if (wants('typecheck')) runCheck('typecheck', ['run', '--silent', 'typecheck']);
if (wants('lint')) runCheck('lint', ['run', '--silent', 'lint']);
if (wants('electron')) runCheck('electron security + packaging config', ['run', '--silent', 'check:electron']);
if (wants('unit')) {
  const report = join(outDir, 'vitest.json');
  run('unit + integration', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
  add(readVitestReport(report, root, 'unit'));
}
// `npm test -- smoke` (only when named): a few fast tests that show the toolchain works, run by CI in a fresh clone
// under Node 20 (scripts/ci/node20Smoke.sh). They are part of `unit` too, so a full run does not repeat them.
if (only.includes('smoke')) {
  const report = join(outDir, 'smoke.json');
  run('smoke', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...smokeTests]);
  add(readVitestReport(report, root, 'smoke'));
}
/** Runs a command whose last line is `N passed, N failed` and counts it; a run without that line counts as one failure. */
function runCounted(label: string, command: string, args: string[]): StepCount & { failures?: string[] } {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  process.stdout.write(result.stdout ?? '');
  const match = /^(\d+) passed, (\d+) failed$/m.exec([...(result.stdout ?? '').trim().split('\n')].reverse().join('\n'));
  if (!match) return { passed: 0, failed: 1, failures: [`${label}: no 'N passed, N failed' line`] };
  const counted = { passed: Number(match[1]), failed: Number(match[2]) };
  // Expected failures are listed with reasons; the runner's exit code says whether anything else failed.
  if (result.status === 0) return { passed: counted.passed, failed: 0 };
  return { passed: counted.passed, failed: Math.max(1, counted.failed), failures: [`${label}: exit ${result.status ?? 'signal'}, ${counted.failed} failed`] };
}

if (wants('conformance')) add(runCounted('MCP conformance, client scenarios', 'npm', ['run', '--silent', 'conformance']));
if (wants('conformance')) add(runCounted('MCP conformance, auth scenarios', 'npm', ['run', '--silent', 'conformance', '--', '--auth']));
if (wants('e2e') && existsSync(join(root, 'vitest.e2e.config.ts'))) {
  // No browser is one failed check with the fix spelled out, not every suite failing on Playwright's bare error.
  const { lookUpChromium } = await import('../tests/e2e/browserPath.ts');
  const browser = lookUpChromium();
  if (!browser.found) {
    console.log(`\n=== end-to-end: not run\n${browser.message}`);
    check('end-to-end', false);
  } else {
    const built = run('build renderer', 'npm', ['run', '--silent', 'build:renderer']);
    check('build renderer', built);
    if (built) {
      const report = join(outDir, 'e2e.json');
      run('end-to-end', 'npx', ['vitest', 'run', '--config', 'vitest.e2e.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
      add(readVitestReport(report, root, 'e2e'));
    }
  }
}

if (flaky.length > 0) console.log(`\n=== passed only on a retry (flaky: each is a timing or ordering problem to fix)\n${flaky.join('\n')}`);
if (failures.length > 0) console.log(`\n=== what failed\n${failures.join('\n')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
