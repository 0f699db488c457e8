// The in-place probe transport against a real child process that answers every request with an error, in order: the
// probe's answer that comes after `initialize` went out is kept as late (not passed on), everything else is delivered.
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { InPlaceProbeStdioTransport, inPlaceProbeTimeoutMs, lostToProbe } from './inPlaceProbe.ts';

// Reads JSON-RPC lines and answers each request with a "method not found" error, as a 2025 server does for the probe.
const answerer = `
let buffer = '';
process.stdin.on('data', (chunk) => {
  buffer += chunk;
  let end;
  while ((end = buffer.indexOf('\\n')) >= 0) {
    const message = JSON.parse(buffer.slice(0, end));
    buffer = buffer.slice(end + 1);
    if (message.id !== undefined) process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } }) + '\\n');
  }
});`;

const transports: InPlaceProbeStdioTransport[] = [];
afterEach(async () => {
  await Promise.all(transports.splice(0).map((transport) => transport.close()));
});

async function started(): Promise<{ transport: InPlaceProbeStdioTransport; received: JSONRPCMessage[] }> {
  const transport = new InPlaceProbeStdioTransport({ command: process.execPath, args: ['-e', answerer] });
  transports.push(transport);
  const received: JSONRPCMessage[] = [];
  transport.onmessage = (message) => received.push(message);
  await transport.start();
  return { transport, received };
}

const request = (id: string | number, method: string): JSONRPCMessage => ({ jsonrpc: '2.0', id, method });

describe('InPlaceProbeStdioTransport', () => {
  it('keeps a probe answer that comes after initialize went out as late, and delivers the rest', async () => {
    const { transport, received } = await started();
    await transport.send(request('server-discover-probe-1', 'server/discover'));
    await transport.send(request(0, 'initialize'));
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(1);
    expect(received[0]).toMatchObject({ id: 0 });
    expect(transport.lateProbeReply).toBe('error');
    // A late error answer proves a 2025 server: the verdict is not a guess.
    expect(transport.legacyVerdictIsGuess).toBe(false);
  });

  it('delivers a probe answer that comes in time, and a verdict with no answer at all is a guess', async () => {
    const { transport, received } = await started();
    await transport.send(request('server-discover-probe-1', 'server/discover'));
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(1);
    expect(received[0]).toMatchObject({ id: 'server-discover-probe-1' });
    expect(transport.lateProbeReply).toBeUndefined();
    expect(transport.legacyVerdictIsGuess).toBe(false);

    const silent = new InPlaceProbeStdioTransport({ command: process.execPath, args: ['-e', 'process.stdin.resume()'] });
    transports.push(silent);
    await silent.start();
    await silent.send(request('server-discover-probe-1', 'server/discover'));
    await silent.send(request(0, 'initialize'));
    expect(silent.legacyVerdictIsGuess).toBe(true);
  });

  it('hands back the handler that was set, so a caller that saves and restores it (the SDK\'s probe window) gets its own', () => {
    const transport = new InPlaceProbeStdioTransport({ command: process.execPath, args: [] });
    const mine: JSONRPCMessage[] = [];
    const other: JSONRPCMessage[] = [];
    transport.onmessage = (message) => mine.push(message);
    const saved = transport.onmessage;
    transport.onmessage = (message) => other.push(message);
    transport.onmessage?.(request(1, 'ping'));
    transport.onmessage = saved;
    transport.onmessage?.(request(2, 'ping'));
    expect(other.map((message) => ('id' in message ? message.id : undefined))).toEqual([1]);
    expect(mine.map((message) => ('id' in message ? message.id : undefined))).toEqual([2]);
    transport.onmessage = undefined;
    expect(transport.onmessage).toBeUndefined();
  });
});

describe('lostToProbe and the probe window', () => {
  it('retries only an exit before the handshake of a server probed in place, not a timeout', () => {
    const base = { probedInPlace: true, exited: true, handshakeDone: false, timedOutOrCancelled: false };
    expect(lostToProbe(base)).toBe(true);
    expect(lostToProbe({ ...base, probedInPlace: false })).toBe(false);
    expect(lostToProbe({ ...base, handshakeDone: true })).toBe(false);
    expect(lostToProbe({ ...base, exited: false })).toBe(false);
    expect(lostToProbe({ ...base, timedOutOrCancelled: true })).toBe(false);
  });

  it('waits half the connect timeout, between 1 and 20 s', () => {
    expect(inPlaceProbeTimeoutMs(30_000)).toBe(15_000);
    expect(inPlaceProbeTimeoutMs(1000)).toBe(1000);
    expect(inPlaceProbeTimeoutMs(300_000)).toBe(20_000);
  });
});
