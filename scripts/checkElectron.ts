/**
 * `npm run check:electron`: the desktop layer's security and packaging checks that run without an Electron binary.
 * 1. @doyensec/electronegativity over electron/: no high or medium finding unless justified in
 *    electron/desktop/electronegativity-justifications.json (check id, file, reason).
 * 2. The renderer's CSP (a computed header electronegativity cannot see) through the same CSP evaluator.
 * 3. electron-builder.yml against electron-builder's own JSON schema and the project's packaging rules.
 * Prints a pass/fail summary (or JSON with --json) and exits 0 only when all pass.
 */
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { contentSecurityPolicy } from '../electron/desktop/csp.ts';
import { validateBuilderConfig, type BuilderConfigReport } from './electron-checks/builderConfig.ts';
import { evaluateCsp, type CspFinding } from './electron-checks/cspEvaluation.ts';
import { networkChecks, scanElectronSources, type ScanReport } from './electron-checks/electronegativityScan.ts';

const root = join(import.meta.dirname, '..');

/** Everything the checks found. */
export interface ElectronCheckReport {
  passed: boolean;
  electronegativity: ScanReport;
  csp: { policy: string; findings: CspFinding[]; passed: boolean };
  builderConfig: BuilderConfigReport & { passed: boolean };
}

function electronVersion(): string {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { devDependencies?: Record<string, string> };
  return (pkg.devDependencies?.electron ?? '45.0.0').replace(/^[^\d]*/, '');
}

/** Runs the three checks. */
export async function runElectronChecks(options: { input?: string; justifications?: string } = {}): Promise<ElectronCheckReport> {
  const input = options.input ?? join(root, 'electron');
  const justifications = options.justifications ?? join(root, 'electron', 'desktop', 'electronegativity-justifications.json');
  const electronegativity = await scanElectronSources(input, justifications, electronVersion());
  const policy = contentSecurityPolicy();
  const cspFindings = evaluateCsp(policy);
  const builder = validateBuilderConfig(root);
  const csp = { policy, findings: cspFindings, passed: !cspFindings.some((finding) => finding.severity === 'high' || finding.severity === 'medium') };
  const builderConfig = { ...builder, passed: builder.problems.length === 0 };
  const scanPassed = electronegativity.unjustified.length === 0 && electronegativity.parseErrors.length === 0;
  return { passed: scanPassed && csp.passed && builderConfig.passed, electronegativity, csp, builderConfig };
}

function printReport(report: ElectronCheckReport): void {
  const scan = report.electronegativity;
  const mark = (passed: boolean) => (passed ? 'PASS' : 'FAIL');
  const scanPassed = scan.unjustified.length === 0 && scan.parseErrors.length === 0;
  console.log(
    `${mark(scanPassed)} electronegativity: ${scan.checksRun} checks over ${relative(root, scan.input) || '.'}/ as Electron ${scan.electronVersion} ` +
      `(skipped, need the network: ${networkChecks.join(', ')}): ${scan.unjustified.length} unjustified high/medium, ${scan.justified.length} justified, ${scan.minor.length} low/info`,
  );
  for (const finding of scan.unjustified) console.log(`  UNJUSTIFIED ${finding.severity} ${finding.id} ${finding.file}:${finding.line}  ${finding.sample}\n    ${finding.description}`);
  for (const error of scan.parseErrors) console.log(`  PARSE ERROR ${error}`);
  for (const { finding, reason } of scan.justified) console.log(`  justified ${finding.severity} ${finding.id} ${finding.file}:${finding.line} — ${reason}`);
  for (const finding of scan.minor) console.log(`  note ${finding.severity} ${finding.id} ${finding.file}:${finding.line}`);
  for (const entry of scan.stale) console.log(`  stale justification (matches nothing now): ${entry.check} ${entry.file}`);

  console.log(`${mark(report.csp.passed)} renderer CSP: ${report.csp.policy}`);
  for (const finding of report.csp.findings) console.log(`  ${finding.severity} ${finding.directive}: ${finding.description}`);

  const builder = report.builderConfig;
  console.log(`${mark(builder.passed)} electron-builder.yml against app-builder-lib ${builder.schemaVersion} scheme.json and the packaging rules`);
  for (const problem of builder.problems) console.log(`  ${problem}`);

  console.log(`\nelectron checks: ${report.passed ? 'PASSED' : 'FAILED'}`);
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { json: { type: 'boolean', default: false }, input: { type: 'string' }, justifications: { type: 'string' } } });
  // electronegativity fetches translations over the network; without one its HTTP client throws late, from a timer,
  // after the scan has already answered. Those errors say nothing about the app, so they must not end this process.
  process.on('uncaughtException', (cause) => {
    const text = cause instanceof Error ? `${cause.message}\n${cause.stack ?? ''}` : String(cause);
    if (/node_modules[\\/](got|p-cancelable)[\\/]|RequestError|onCancel/.test(text)) return;
    console.error(cause);
    process.exit(1);
  });
  runElectronChecks({
    ...(values.input ? { input: resolve(values.input) } : {}),
    ...(values.justifications ? { justifications: resolve(values.justifications) } : {}),
  }).then(
    (report) => {
      if (values.json) process.stdout.write(`${JSON.stringify(report)}\n`);
      else printReport(report);
      process.exit(report.passed ? 0 : 1);
    },
    (cause: unknown) => {
      console.error(`electron checks could not run: ${cause instanceof Error ? cause.message : String(cause)}`);
      process.exit(1);
    },
  );
}
