/** Judges one conformance leg: counts its checks and sorts failures into expected, unexpected and stale baseline entries. */
import { z } from 'zod';

/** One check as the conformance package writes it to checks.json. */
export const conformanceCheckSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  status: z.enum(['SUCCESS', 'FAILURE', 'WARNING', 'SKIPPED', 'INFO']),
  errorMessage: z.string().optional(),
});
/** One check as the conformance package writes it. */
export type ConformanceCheck = z.infer<typeof conformanceCheckSchema>;

/** One expected failure: a whole scenario, or one check id of it, optionally only at one spec version. */
export const expectedFailureSchema = z.object({
  scenario: z.string().min(1),
  check: z.string().min(1).optional(),
  specVersion: z.string().min(1).optional(),
  reason: z.string().trim().min(10, 'Every expected failure needs a reason'),
});
/** One expected failure entry. */
export type ExpectedFailure = z.infer<typeof expectedFailureSchema>;

/** The expected-failures file: one list per client (the host's own client, and the OAuth client of --auth runs). */
export const expectedFailuresFileSchema = z.object({
  client: z.array(expectedFailureSchema),
  auth: z.array(expectedFailureSchema).default([]),
});

/** How the client process ended, as the conformance runner reported it. */
export interface ClientExit {
  exitCode: number;
  timedOut: boolean;
}

/** The judged outcome of one scenario at one spec version. */
export interface LegVerdict {
  leg: string;
  passed: number;
  /** Checks that failed (FAILURE or WARNING), expected or not. */
  failed: number;
  skipped: number;
  /** Failed checks covered by an expected-failures entry. */
  expected: string[];
  /** Failed checks nobody expected: each makes the run fail. */
  unexpected: string[];
  /** Expected-failure entries whose checks now pass: the baseline must shrink, so they fail the run too. */
  stale: ExpectedFailure[];
}

/** A WARNING is a SHOULD the client missed; the conformance CLI fails a scenario on it, and so do we. */
const isFailing = (check: ConformanceCheck) => check.status === 'FAILURE' || check.status === 'WARNING';

function appliesTo(entry: ExpectedFailure, scenario: string, specVersion: string | undefined): boolean {
  return entry.scenario === scenario && (entry.specVersion === undefined || entry.specVersion === specVersion);
}

/** Counts a leg's checks and matches its failures against the expected-failures entries for that scenario. */
export function judgeLeg(
  leg: { name: string; scenario: string; specVersion?: string },
  checks: ConformanceCheck[],
  exit: ClientExit,
  expectedEntries: ExpectedFailure[],
): LegVerdict {
  const all = [...checks];
  // A client that crashed or hung may leave checks unreported; count it as a failed check of its own.
  if (exit.timedOut || exit.exitCode !== 0) {
    all.push({
      id: 'client-exit',
      name: 'ClientExit',
      status: 'FAILURE',
      errorMessage: exit.timedOut ? 'the client timed out' : `the client exited with code ${exit.exitCode}`,
    });
  }
  const entries = expectedEntries.filter((entry) => appliesTo(entry, leg.scenario, leg.specVersion));
  const wholeScenario = entries.some((entry) => entry.check === undefined);
  const verdict: LegVerdict = { leg: leg.name, passed: 0, failed: 0, skipped: 0, expected: [], unexpected: [], stale: [] };
  for (const check of all) {
    if (check.status === 'SUCCESS') verdict.passed++;
    else if (check.status === 'SKIPPED') verdict.skipped++;
    if (!isFailing(check)) continue;
    verdict.failed++;
    const label = `${check.id} (${check.status}${check.errorMessage ? `: ${check.errorMessage}` : ''})`;
    if (wholeScenario || entries.some((entry) => entry.check === check.id)) verdict.expected.push(label);
    else verdict.unexpected.push(label);
  }
  for (const entry of entries) {
    const stillFails = entry.check === undefined ? verdict.failed > 0 : all.some((check) => check.id === entry.check && isFailing(check));
    // A per-check entry whose check never ran (the scenario bailed earlier) is not stale: the earlier failure reports itself.
    const ran = entry.check === undefined || all.some((check) => check.id === entry.check);
    if (!stillFails && ran) verdict.stale.push(entry);
  }
  return verdict;
}
