import { describe, expect, it } from 'vitest';
import { describeConnectFailure } from './mcpErrors.ts';

describe('describeConnectFailure on a timeout', () => {
  const timedOut = { timedOut: true, timeoutMs: 30_000, garbage: [] };

  it('names the likely cause when a local server wrote nothing at all: npx/uvx still downloading, network or proxy', () => {
    const failure = describeConnectFailure(new Error('connect timeout'), { ...timedOut, stderrLines: 0 });
    expect(failure).toMatchObject({ kind: 'error', error: { code: 'timeout' } });
    expect(failure.kind === 'error' && failure.error.message).toMatch(/^The server did not answer within 30 s and wrote nothing to its log\. npx\/uvx may still be downloading the package; check network\/proxy/);
  });

  it('says only that it timed out when the server did write to its log, or for a remote server', () => {
    expect(describeConnectFailure(new Error('connect timeout'), { ...timedOut, stderrLines: 3 })).toEqual({ kind: 'error', error: { code: 'timeout', message: 'The server did not answer within 30 s.' } });
    expect(describeConnectFailure(new Error('connect timeout'), { ...timedOut, url: 'https://example.test/mcp' })).toEqual({ kind: 'error', error: { code: 'timeout', message: 'The server did not answer within 30 s.' } });
  });
});
