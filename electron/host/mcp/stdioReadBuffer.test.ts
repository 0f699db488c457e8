import { describe, expect, it } from 'vitest';
import { parseJSONRPCMessage } from '@modelcontextprotocol/client';
import { isPlainResultResponse, LinearReadBuffer } from './stdioReadBuffer.ts';

const message = (id: number, text = '') => `${JSON.stringify({ jsonrpc: '2.0', id, result: { text } })}\n`;

describe('LinearReadBuffer', () => {
  it('splits messages across and within chunks, skipping lines that are not JSON', () => {
    const buffer = new LinearReadBuffer(1024);
    const bytes = Buffer.from(`${message(1)}not json\n${message(2, 'é')}${message(3)}`);
    for (let i = 0; i < bytes.length; i += 7) buffer.append(bytes.subarray(i, i + 7));
    const ids: unknown[] = [];
    for (let next = buffer.readMessage(); next; next = buffer.readMessage()) ids.push('id' in next ? next.id : undefined);
    expect(ids).toEqual([1, 2, 3]);
  });

  it('reads CRLF lines, several messages in one chunk, and a character split between chunks', () => {
    const buffer = new LinearReadBuffer(1024);
    const crlf = message(1, 'Máy chủ 服务器').replace('\n', '\r\n');
    const bytes = Buffer.from(`${crlf}${message(2)}${message(3, '✅')}`);
    const cut = Buffer.from(crlf).indexOf(Buffer.from('服')) + 1;
    buffer.append(bytes.subarray(0, cut));
    buffer.append(bytes.subarray(cut));
    const read: unknown[] = [];
    for (let next = buffer.readMessage(); next; next = buffer.readMessage()) read.push('result' in next ? [next.id, (next.result as { text: string }).text] : undefined);
    expect(read).toEqual([[1, 'Máy chủ 服务器'], [2, ''], [3, '✅']]);
  });

  it('takes a 20 MB message in 64 KB chunks quickly (the SDK buffer was quadratic) and refuses one over the limit', () => {
    const big = Buffer.from(message(7, 'x'.repeat(20_000_000)));
    const buffer = new LinearReadBuffer(64 * 1024 * 1024);
    for (let i = 0; i < big.length; i += 65_536) buffer.append(big.subarray(i, i + 65_536));
    const read = buffer.readMessage();
    expect(read && 'result' in read ? (read.result as { text: string }).text.length : 0).toBe(20_000_000);
    const small = new LinearReadBuffer(1000);
    expect(() => small.append(Buffer.alloc(2000, 0x61))).toThrow(/exceeded maximum size of 1000 bytes/);
  });

  it('accepts and refuses each message as the message schema of the SDK does, checking plain results by hand', () => {
    const lines = [
      { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'hi' }] } },
      { result: {}, id: 'a-1', jsonrpc: '2.0' },
      { jsonrpc: '2.0', id: 2, result: { _meta: { progressToken: 1 }, content: [] } },
      { jsonrpc: '2.0', id: 3, result: { content: [] }, extra: true },
      { jsonrpc: '1.0', id: 4, result: {} },
      { jsonrpc: '2.0', id: 1.5, result: {} },
      { jsonrpc: '2.0', id: 2 ** 60, result: {} },
      { jsonrpc: '2.0', id: null, result: {} },
      { jsonrpc: '2.0', result: {} },
      { jsonrpc: '2.0', id: 5, result: [] },
      { jsonrpc: '2.0', id: 6, result: null },
      { jsonrpc: '2.0', id: 7, result: 'text' },
      { jsonrpc: '2.0', id: 8, error: { code: -32603, message: 'boom', data: { why: 1 } } },
      { jsonrpc: '2.0', id: 9, method: 'roots/list' },
      { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 2 } },
      { jsonrpc: '2.0', id: 10, method: 'ping', result: {} },
      [{ jsonrpc: '2.0', id: 11, result: {} }],
      'a string',
      42,
    ].map((value) => JSON.stringify(value));
    for (const line of lines) {
      const expected = ((): { ok: true; value: unknown } | { ok: false; error: string } => {
        try {
          return { ok: true, value: parseJSONRPCMessage(JSON.parse(line)) };
        } catch (error) {
          return { ok: false, error: String(error) };
        }
      })();
      const buffer = new LinearReadBuffer(1024);
      buffer.append(Buffer.from(`${line}\n`));
      if (expected.ok) expect(buffer.readMessage(), line).toEqual(expected.value);
      else expect(() => buffer.readMessage(), line).toThrow(expected.error.replace(/^\w*Error: /, '').slice(0, 40));
      // The hand check answers only for messages the schema accepts unchanged; the rest are the SDK's to parse.
      const parsed: unknown = JSON.parse(line);
      if (isPlainResultResponse(parsed)) expect(expected, line).toEqual({ ok: true, value: parsed });
    }
    expect(lines.filter((line) => isPlainResultResponse(JSON.parse(line)))).toHaveLength(2);
  });
});
