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
    expect(describeConnectFailure(new Error('connect timeout'), { ...timedOut, stderrLines: 3 })).toEqual({ kind: 'error', error: { code: 'timeout', message: 'The server did not answer within 30 s.', text: { code: 'connect.timeout', params: { seconds: 30 } } } });
    expect(describeConnectFailure(new Error('connect timeout'), { ...timedOut, url: 'https://example.test/mcp' })).toEqual({ kind: 'error', error: { code: 'timeout', message: 'The server did not answer within 30 s.', text: { code: 'connect.timeout', params: { seconds: 30 } } } });
  });
});

describe('host messages as codes', () => {
  it('gives an exit during startup as a code with the exit code, and its English as the message', () => {
    const failure = describeConnectFailure(new Error('closed'), { timedOut: false, timeoutMs: 30_000, garbage: [], exit: { code: 3, signal: null } });
    expect(failure).toEqual({ kind: 'error', error: { code: 'process_exited', message: 'The server exited during startup (exit code 3).', text: { code: 'connect.exitedCode', params: { exitCode: 3 } } } });
  });

  it('nests the network cause as its own code, spelled out in English for the log', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const failure = describeConnectFailure(new TypeError('fetch failed', { cause: refused }), { timedOut: false, timeoutMs: 30_000, garbage: [], url: 'http://127.0.0.1:9/mcp' });
    expect(failure).toEqual({
      kind: 'error',
      error: { code: 'connect_failed', message: 'Could not reach http://127.0.0.1:9/mcp (connection refused).', text: { code: 'connect.unreachableAt', params: { url: 'http://127.0.0.1:9/mcp', cause: 'refused' } } },
    });
  });
});
