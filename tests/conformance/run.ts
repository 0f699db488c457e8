/**
 * `npm run conformance [-- options]`: runs the pinned @modelcontextprotocol/conformance client scenarios against
 * tests/conformance/client.ts (the host's own connection layer), a few scenarios at a time, from node_modules only
 * (nothing is downloaded). Writes conformance-results/<client|auth>/<leg>/ and .../summary.json, prints one line
 * per scenario and a last line `N passed, N failed`, and exits non-zero on an unexpected failure or a stale
 * expected-failure entry.
 *
 * Options: --scenario <name> (repeatable; a name from the suite, or any client scenario), --spec-version <v>,
 * --auth (the OAuth scenarios, with --client <file> or tests/conformance/authClient.ts), --timeout <ms>, --jobs <n>
 * (runs at once, default 3), --verbose.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { authLegs, clientLegs, legFolder, type Leg } from './suite.ts';
import { conformanceCheckSchema, expectedFailuresFileSchema, judgeLeg, type ClientExit, type ConformanceCheck, type LegVerdict } from './verdict.ts';

const root = resolve(import.meta.dirname, '..', '..');
const cliPath = join(root, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');

const { values } = parseArgs({
  options: {
    scenario: { type: 'string', multiple: true },
    'spec-version': { type: 'string' },
    auth: { type: 'boolean', default: false },
    client: { type: 'string' },
    timeout: { type: 'string', default: '90000' },
    jobs: { type: 'string' },
    verbose: { type: 'boolean', default: false },
  },
});

function fail(message: string): never {
  console.error(`conformance: ${message}`);
  process.exit(2);
}

if (Number(process.versions.node.split('.')[0]) < 22) fail(`Node >= 22 is required (this is ${process.version})`);
if (!existsSync(cliPath)) fail('@modelcontextprotocol/conformance is not installed; run `npm ci` first');

// Auth runs keep their own folder so they never wipe the client results (and the other way round).
const resultsDir = join(root, 'conformance-results', values.auth ? 'auth' : 'client');
const clientFile = resolve(values.client ?? join(import.meta.dirname, values.auth ? 'authClient.ts' : 'client.ts'));
if (!existsSync(clientFile)) fail(`client not found: ${clientFile}${values.auth ? ' (the OAuth client is not written yet; pass --client <file>)' : ''}`);
// The package splits --command on spaces, so neither path may contain one.
const command = `${process.execPath} ${clientFile}`;
if (process.execPath.includes(' ') || clientFile.includes(' ')) fail('the node binary and client paths must not contain spaces');

/** Runs at once by default: bounded, because the suite and the client each start a Node process per run. */
const defaultJobs = 3;

const expectedFile = join(import.meta.dirname, 'expected-failures.json');
const expectedAll = expectedFailuresFileSchema.parse(JSON.parse(readFileSync(expectedFile, 'utf8')));
const expected = values.auth ? expectedAll.auth : expectedAll.client;

function selectLegs(): Leg[] {
  const suite = values.auth ? authLegs(cliPath) : clientLegs(cliPath);
  const forced = values['spec-version'];
  let legs = suite;
  if (values.scenario) {
    const wanted = new Set(values.scenario);
    legs = suite.filter((leg) => wanted.has(leg.scenario) || wanted.has(leg.name));
    // A scenario outside the suite still runs once at its default version, for ad-hoc investigation.
    for (const name of wanted) if (!suite.some((leg) => leg.scenario === name || leg.name === name)) legs.push({ name, scenario: name });
  }
  if (forced) {
    const seen = new Set<string>();
    legs = legs.filter((leg) => !seen.has(leg.scenario) && seen.add(leg.scenario)).map((leg) => ({ name: `${leg.scenario}@${forced}`, scenario: leg.scenario, specVersion: forced }));
  }
  return legs;
}

/** Runs the package's CLI for one scenario and collects its stderr (where it reports how the client ended). */
function runCli(leg: Leg, outDir: string): Promise<{ code: number; output: string }> {
  const args = [cliPath, 'client', '--command', command, '--scenario', leg.scenario, '--timeout', values.timeout, '-o', outDir];
  if (leg.specVersion) args.push('--spec-version', leg.specVersion);
  return new Promise((done) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => done({ code: code ?? -1, output }));
  });
}

/** Finds the checks.json the CLI wrote under outDir (it names its folder <scenario>-<timestamp>). */
function findChecksFile(dir: string): string | undefined {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (entry === 'checks.json') return path;
    if (statSync(path).isDirectory()) {
      const found = findChecksFile(path);
      if (found) return found;
    }
  }
  return undefined;
}

function clientExit(output: string): ClientExit {
  const code = /Client exited with code (-?\d+)/.exec(output);
  return { exitCode: code?.[1] ? Number(code[1]) : 0, timedOut: /Client timed out after/.test(output) };
}

async function runLeg(leg: Leg): Promise<LegVerdict> {
  const outDir = join(resultsDir, legFolder(leg));
  mkdirSync(outDir, { recursive: true });
  const started = Date.now();
  const { code, output } = await runCli(leg, outDir);
  writeFileSync(join(outDir, 'runner-output.txt'), output);
  const checksFile = findChecksFile(outDir);
  let checks: ConformanceCheck[];
  if (checksFile) {
    checks = z.array(conformanceCheckSchema.passthrough()).parse(JSON.parse(readFileSync(checksFile, 'utf8')));
  } else {
    const skipped = /SKIPPED: scenario/.test(output);
    checks = [{ id: 'runner', name: 'Runner', status: skipped ? 'SKIPPED' : 'FAILURE', errorMessage: skipped ? 'not applicable at this spec version' : `the conformance CLI wrote no checks (exit ${code})` }];
  }
  const verdict = judgeLeg(leg, checks, clientExit(output), expected);
  writeFileSync(join(outDir, 'verdict.json'), `${JSON.stringify({ ...verdict, seconds: (Date.now() - started) / 1000, checks }, null, 2)}\n`);
  if (values.verbose) console.log(output);
  return verdict;
}

function printLeg(verdict: LegVerdict): void {
  const mark = verdict.unexpected.length > 0 || verdict.stale.length > 0 ? 'FAIL' : verdict.failed > 0 ? 'ok (expected failures)' : 'ok';
  console.log(`${mark.padEnd(4)} ${verdict.leg}: ${verdict.passed} passed, ${verdict.failed} failed, ${verdict.skipped} skipped`);
  for (const line of verdict.unexpected) console.log(`       unexpected: ${line}`);
  for (const line of verdict.expected) console.log(`       expected:   ${line}`);
  for (const entry of verdict.stale) console.log(`       stale expected-failures entry (now passes, remove it): ${entry.scenario}${entry.check ? `:${entry.check}` : ''}`);
}

const legs = selectLegs();
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });
console.log(`conformance ${values.auth ? 'auth ' : ''}client scenarios (${legs.length}) against ${relative(root, clientFile)}`);
// Scenarios are independent (each suite server listens on its own random port), so a few run at once; lines are
// still printed in the suite's order.
const jobs = Math.max(1, Number(values.jobs ?? defaultJobs) || 1);
const started = Date.now();
const verdicts: LegVerdict[] = [];
const results = new Map<number, Promise<LegVerdict>>();
const finished: Array<() => void> = [];
let next = 0;
const worker = async (): Promise<void> => {
  while (next < legs.length) {
    const index = next++;
    const leg = legs[index];
    if (!leg) continue;
    const result = runLeg(leg);
    results.set(index, result);
    finished.splice(0).forEach((wake) => wake());
    await result;
  }
};
const workers = Promise.all(Array.from({ length: Math.min(jobs, legs.length) }, () => worker()));
for (let index = 0; index < legs.length; index++) {
  while (!results.has(index)) await new Promise<void>((wake) => finished.push(wake));
  const verdict = await (results.get(index) as Promise<LegVerdict>);
  printLeg(verdict);
  verdicts.push(verdict);
}
await workers;
const total = verdicts.reduce(
  (sum, v) => ({ passed: sum.passed + v.passed, failed: sum.failed + v.failed, expected: sum.expected + v.expected.length, bad: sum.bad + v.unexpected.length + v.stale.length }),
  { passed: 0, failed: 0, expected: 0, bad: 0 },
);
writeFileSync(join(resultsDir, 'summary.json'), `${JSON.stringify({ ...total, legs: verdicts }, null, 2)}\n`);
if (total.expected > 0) console.log(`${total.expected} of the failed checks are expected (tests/conformance/expected-failures.json)`);
if (total.bad > 0) console.log(`${total.bad} unexpected failure(s) or stale expected-failure entries`);
console.log(`${legs.length} runs in ${((Date.now() - started) / 1000).toFixed(0)} s (${jobs} at a time)`);
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exit(total.bad > 0 ? 1 : 0);
