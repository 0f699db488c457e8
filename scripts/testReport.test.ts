import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { outputTail, readVitestReport } from './testReport.ts';

const dirs: string[] = [];
function reportFile(report: unknown): { path: string; root: string } {
  const root = mkdtempSync(join(tmpdir(), 'sb-report-'));
  dirs.push(root);
  const path = join(root, 'report.json');
  writeFileSync(path, JSON.stringify(report));
  return { path, root };
}
afterEach(() => { for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true }); });

describe('readVitestReport', () => {
  it('names each failed test with its file and the first line of its error', () => {
    const root = '/repo';
    const { path } = reportFile({
      numPassedTests: 3, numFailedTests: 1, success: false,
      testResults: [
        { name: '/repo/a.test.ts', status: 'passed', assertionResults: [{ fullName: 'a works', status: 'passed' }] },
        { name: '/repo/host/b.test.ts', status: 'failed', message: '', assertionResults: [
          { fullName: 'b keeps the old data', status: 'failed', failureMessages: ['\nAssertionError: expected 1 to be 2\n    at b.test.ts:9'] },
          { fullName: 'b other', status: 'passed' },
        ] },
      ],
    });
    expect(readVitestReport(path, root, 'unit')).toEqual({
      passed: 3, failed: 1, failures: ['unit: host/b.test.ts > b keeps the old data: AssertionError: expected 1 to be 2'], flaky: [],
    });
  });

  it('counts a file that failed to load, which has no failed test, as a failure with its message', () => {
    const { path, root } = reportFile({
      numPassedTests: 5, numFailedTests: 0, success: false,
      testResults: [{ name: '/x/c.test.ts', status: 'failed', message: 'Failed to load url ./missing.ts', assertionResults: [] }],
    });
    const result = readVitestReport(path, root, 'e2e');
    expect(result.passed).toBe(5);
    expect(result.failed).toBe(1);
    expect(result.failures).toHaveLength(1);
    expect(result.failures[0]).toMatch(/^e2e: .*c\.test\.ts: Failed to load url \.\/missing\.ts$/);
  });

  it('counts a missing report (a crashed run) as one failure', () => {
    const result = readVitestReport('/nonexistent/report.json', '/', 'unit');
    expect(result).toMatchObject({ passed: 0, failed: 1 });
    expect(result.failures[0]).toContain('crashed');
  });

  it('reports nothing when everything passed', () => {
    const { path, root } = reportFile({ numPassedTests: 2, numFailedTests: 0, success: true, testResults: [] });
    expect(readVitestReport(path, root, 'unit')).toEqual({ passed: 2, failed: 0, failures: [], flaky: [] });
  });

  it('lists a test that failed once and passed its retry as flaky, counted as passed', () => {
    const { path, root } = reportFile({
      numPassedTests: 1, numFailedTests: 0, success: true,
      testResults: [{ name: '/r/d.test.ts', status: 'passed', assertionResults: [
        { fullName: 'd starts a server', status: 'passed', failureMessages: ['Error: timed out after 10000 ms\n    at d.test.ts:4'] },
      ] }],
    });
    const result = readVitestReport(path, root, 'unit');
    expect(result).toMatchObject({ passed: 1, failed: 0, failures: [] });
    expect(result.flaky).toHaveLength(1);
    expect(result.flaky[0]).toMatch(/^unit: .*d\.test\.ts > d starts a server: Error: timed out after 10000 ms$/);
  });
});

describe('outputTail', () => {
  it("keeps a failed lint's last error lines, so the summary names the file and rule", () => {
    const eslint = '\n/r/shared/a.ts\n  10:19  error  Unexpected control character(s)  no-control-regex\n\n✖ 1 problem (1 error, 0 warnings)\n\n';
    expect(outputTail(eslint, 'npm error code 1\n', 3)).toEqual([
      '  10:19  error  Unexpected control character(s)  no-control-regex',
      '✖ 1 problem (1 error, 0 warnings)',
      'npm error code 1',
    ]);
  });
});
