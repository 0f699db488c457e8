/** Runs @doyensec/electronegativity over the Electron sources and sorts its findings against written justifications. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { relative } from 'node:path';

/** One finding, reduced to what the report needs. */
export interface Finding {
  id: string;
  severity: 'HIGH' | 'MEDIUM' | 'LOW' | 'INFORMATIONAL';
  confidence: string;
  /** Path relative to the scanned folder ("N/A" for global checks without a file). */
  file: string;
  line: number;
  sample: string;
  description: string;
}

/** A reviewed finding that is accepted, with the reason. */
export interface Justification {
  check: string;
  file: string;
  reason: string;
}

/** The scan's verdict. */
export interface ScanReport {
  /** The folder scanned. */
  input: string;
  checksRun: number;
  electronVersion: string;
  /** High/medium findings with no justification: each one fails the check. */
  unjustified: Finding[];
  justified: { finding: Finding; reason: string }[];
  /** Low and informational findings, shown for review only. */
  minor: Finding[];
  /** Justifications that matched nothing (the code changed): shown so they get cleaned up. */
  stale: Justification[];
  parseErrors: string[];
}

/** Checks that need the network (they list Electron releases), so their result would depend on the day and the machine. */
export const networkChecks = ['AvailableSecurityFixesGlobalCheck'];

interface RawIssue {
  id: string;
  file: string;
  sample?: string;
  description?: string;
  location?: { line?: number };
  severity: { name: string };
  confidence: { name: string };
}
interface RawResult {
  globalChecks: number;
  atomicChecks: number;
  errors: { file: string; message: string; tolerable: boolean }[];
  issues: RawIssue[];
}
type RunFn = (options: Record<string, unknown>) => Promise<RawResult>;

/** Reads and checks the justification file: every entry needs a check id, a file and a reason. */
export function readJustifications(path: string): Justification[] {
  const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
  const list: unknown = parsed && typeof parsed === 'object' && 'justifications' in parsed ? parsed.justifications : undefined;
  if (!Array.isArray(list)) throw new Error(`${path}: expected { "justifications": [...] }`);
  return list.map((entry: unknown, index) => {
    const item = (entry ?? {}) as Record<string, unknown>;
    const { check, file, reason } = item;
    if (typeof check !== 'string' || typeof file !== 'string' || typeof reason !== 'string' || reason.trim().length < 20) {
      throw new Error(`${path}: entry ${index} needs "check", "file" and a "reason" of at least 20 characters`);
    }
    return { check, file, reason };
  });
}

function toFinding(issue: RawIssue, input: string): Finding {
  const severity = (['HIGH', 'MEDIUM', 'LOW'].includes(issue.severity.name) ? issue.severity.name : 'INFORMATIONAL') as Finding['severity'];
  const file = issue.file === 'N/A' ? 'N/A' : relative(input, issue.file).split('\\').join('/') || issue.file;
  return {
    id: issue.id,
    severity,
    confidence: issue.confidence.name,
    file,
    line: issue.location?.line ?? 0,
    sample: (issue.sample ?? '').replace(/\s+/g, ' ').slice(0, 120),
    description: issue.description ?? '',
  };
}

/** Sorts findings into unjustified / justified / minor, and finds stale justifications. Pure. */
export function classifyFindings(findings: Finding[], justifications: Justification[]): Pick<ScanReport, 'unjustified' | 'justified' | 'minor' | 'stale'> {
  const used = new Set<Justification>();
  const report: Pick<ScanReport, 'unjustified' | 'justified' | 'minor' | 'stale'> = { unjustified: [], justified: [], minor: [], stale: [] };
  for (const finding of findings) {
    if (finding.severity !== 'HIGH' && finding.severity !== 'MEDIUM') {
      report.minor.push(finding);
      continue;
    }
    const match = justifications.find((entry) => entry.check === finding.id && entry.file === finding.file);
    if (match) {
      used.add(match);
      report.justified.push({ finding, reason: match.reason });
    } else {
      report.unjustified.push(finding);
    }
  }
  report.stale = justifications.filter((entry) => !used.has(entry));
  return report;
}

/** Scans `input` (a folder of .ts/.js/.html) as Electron `electronVersion`. */
export async function scanElectronSources(input: string, justificationsPath: string, electronVersion: string): Promise<ScanReport> {
  const justifications = readJustifications(justificationsPath);
  const required: unknown = createRequire(import.meta.url)('@doyensec/electronegativity');
  const run = (typeof required === 'function' ? required : (required as { default: unknown }).default) as RunFn;
  // Its translation download prints to stdout when offline; muted so the report (and --json) stays clean.
  const log = console.log;
  console.log = () => {};
  let result: RawResult;
  try {
    result = await run({
      input,
      isRelative: false,
      electronVersionOverride: electronVersion,
      excludeFromScan: networkChecks.map((check) => check.toLowerCase()),
    });
  } finally {
    console.log = log;
  }
  const findings = result.issues.map((issue) => toFinding(issue, input));
  return {
    input,
    checksRun: result.globalChecks + result.atomicChecks,
    electronVersion,
    ...classifyFindings(findings, justifications),
    parseErrors: result.errors.filter((error) => !error.tolerable).map((error) => `${relative(input, error.file)}: ${error.message}`),
  };
}
