/**
 * Reads a Vitest JSON report into counts plus the names of what failed, so `npm test` can end with a list a CI log's
 * tail still shows (the run's own output scrolls out of a truncated log long before its closing line).
 */
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

/** What one step of `npm test` counted, with a line per failure and per test that passed only when run again. */
export interface StepResult { passed: number; failed: number; failures: string[]; flaky: string[] }

interface AssertionResult { fullName?: string; title?: string; status: string; failureMessages?: string[] }
interface FileResult { name: string; status: string; message?: string; assertionResults?: AssertionResult[] }
interface VitestReport { numPassedTests: number; numFailedTests: number; success: boolean; testResults?: FileResult[] }

/** The first line of a failure message, short enough for a summary line. */
function firstLine(text: string | undefined): string {
  const line = (text ?? '').split('\n').find((part) => part.trim() !== '')?.trim() ?? '';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

/** Counts a Vitest JSON report; a missing report, or a failed run with no failed test (a file that did not load), is a failure. */
export function readVitestReport(reportPath: string, root: string, label: string): StepResult {
  if (!existsSync(reportPath)) return { passed: 0, failed: 1, failures: [`${label}: no report at ${reportPath} (the run crashed)`], flaky: [] };
  const report = JSON.parse(readFileSync(reportPath, 'utf8')) as VitestReport;
  const failures: string[] = [];
  const flaky: string[] = [];
  for (const file of report.testResults ?? []) {
    const path = relative(root, file.name);
    // A passed test with failure messages failed a first run and passed its retry (vitest.config.ts `retry`).
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'passed' && (test.failureMessages?.length ?? 0) > 0) flaky.push(`${label}: ${path} > ${test.fullName ?? test.title ?? '?'}: ${firstLine(test.failureMessages?.[0])}`);
    }
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) {
      failures.push(`${label}: ${path} > ${test.fullName ?? test.title ?? '?'}: ${firstLine(test.failureMessages?.[0])}`);
    }
    if (failedTests.length === 0 && file.status === 'failed') failures.push(`${label}: ${path}: ${firstLine(file.message)}`);
  }
  const unexplained = !report.success && report.numFailedTests === 0;
  if (unexplained && failures.length === 0) failures.push(`${label}: the run failed without a failed test`);
  return { passed: report.numPassedTests, failed: report.numFailedTests + (unexplained ? 1 : 0), failures, flaky };
}

/** The last `max` non-blank lines of a failed check's output (stdout, then stderr): the errors a lint or type-check prints. */
export function outputTail(stdout: string, stderr: string, max: number): string[] {
  const lines = `${stdout}\n${stderr}`.split('\n').map((line) => line.trimEnd()).filter((line) => line.trim() !== '');
  return lines.slice(-max);
}
