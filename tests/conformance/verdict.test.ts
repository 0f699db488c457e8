import { describe, expect, it } from 'vitest';
import { expectedFailuresFileSchema, judgeLeg, type ConformanceCheck } from './verdict.ts';

const leg = { name: 'sse-retry', scenario: 'sse-retry' };
const clean = { exitCode: 0, timedOut: false };
const check = (id: string, status: ConformanceCheck['status'], errorMessage?: string): ConformanceCheck => ({ id, name: id, status, ...(errorMessage ? { errorMessage } : {}) });

describe('judgeLeg', () => {
  it('counts passed, failed and skipped checks and ignores INFO', () => {
    const verdict = judgeLeg(leg, [check('a', 'SUCCESS'), check('b', 'SUCCESS'), check('c', 'SKIPPED'), check('d', 'INFO')], clean, []);
    expect(verdict).toMatchObject({ passed: 2, failed: 0, skipped: 1, unexpected: [], stale: [] });
  });

  it('treats a WARNING as a failure, as the conformance CLI does', () => {
    const verdict = judgeLeg(leg, [check('client-sse-retry-timing', 'WARNING', 'slightly late')], clean, []);
    expect(verdict.failed).toBe(1);
    expect(verdict.unexpected).toEqual(['client-sse-retry-timing (WARNING: slightly late)']);
  });

  it('excuses only the listed check, and only at the listed spec version', () => {
    const entry = { scenario: 'sse-retry', check: 'x', specVersion: '2025-11-25', reason: 'known gap in the transport' };
    const checks = [check('x', 'FAILURE'), check('y', 'FAILURE')];
    const atListed = judgeLeg({ ...leg, specVersion: '2025-11-25' }, checks, clean, [entry]);
    expect(atListed.expected).toHaveLength(1);
    expect(atListed.unexpected).toEqual(['y (FAILURE)']);
    const atOther = judgeLeg({ ...leg, specVersion: '2026-07-28' }, checks, clean, [entry]);
    expect(atOther.unexpected).toHaveLength(2);
  });

  it('reports an expected failure that now passes as stale', () => {
    const entry = { scenario: 'sse-retry', check: 'x', reason: 'known gap in the transport' };
    const verdict = judgeLeg(leg, [check('x', 'SUCCESS')], clean, [entry]);
    expect(verdict.stale).toEqual([entry]);
  });

  it('does not call a per-check entry stale when that check never ran', () => {
    const entry = { scenario: 'sse-retry', check: 'x', reason: 'known gap in the transport' };
    const verdict = judgeLeg(leg, [check('gate', 'FAILURE')], clean, [entry]);
    expect(verdict.stale).toEqual([]);
    expect(verdict.unexpected).toEqual(['gate (FAILURE)']);
  });

  it('counts a crashed or hung client as a failed check', () => {
    expect(judgeLeg(leg, [check('a', 'SUCCESS')], { exitCode: 1, timedOut: false }, []).unexpected).toEqual(['client-exit (FAILURE: the client exited with code 1)']);
    expect(judgeLeg(leg, [], { exitCode: 0, timedOut: true }, []).failed).toBe(1);
  });

  it('a whole-scenario entry excuses every failure of that scenario', () => {
    const verdict = judgeLeg(leg, [check('x', 'FAILURE'), check('y', 'WARNING')], clean, [{ scenario: 'sse-retry', reason: 'not supported by the transport yet' }]);
    expect(verdict).toMatchObject({ failed: 2, unexpected: [], stale: [] });
  });
});

describe('expected-failures file', () => {
  it('rejects an entry without a reason', () => {
    expect(expectedFailuresFileSchema.safeParse({ client: [{ scenario: 'sse-retry', reason: '' }] }).success).toBe(false);
    expect(expectedFailuresFileSchema.safeParse({ client: [{ scenario: 'sse-retry', reason: 'the transport ignores retry' }] }).success).toBe(true);
  });
});
