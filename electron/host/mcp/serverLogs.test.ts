import { describe, expect, it } from 'vitest';
import type { LogLine } from '../../../shared/servers.ts';
import { lineHeads, lineSplitter, REDACTED, redactStatus, ServerLogs } from './serverLogs.ts';

describe('ServerLogs', () => {
  it('redacts a server\'s configured secrets from every line it keeps or pushes, before cutting long lines', () => {
    const live: LogLine[] = [];
    const logs = new ServerLogs((line) => live.push(line), { maxLineChars: 30 });
    logs.setSecrets('a', ['bar123456']);
    logs.append('a', 'stderr', 'FOO=bar123456 and again bar123456');
    logs.append('b', 'stderr', 'other server: bar123456');
    logs.append('a', 'stderr', `${'x'.repeat(25)}bar123456`);
    expect(logs.tail('a').map((line) => line.text)).toEqual([`FOO=${REDACTED} and again ${REDACTED}`.slice(0, 30) + '…', `${'x'.repeat(25)}[reda…`]);
    expect(live.filter((line) => line.serverId === 'a').every((line) => !line.text.includes('bar123'))).toBe(true);
    expect(logs.tail('b')[0]?.text).toContain('bar123456');
    expect(logs.stderrTail('a').join('\n')).not.toContain('bar123');
    const status = redactStatus({ state: 'error', message: 'exit: bar123456', code: 'process_exited', stderrTail: ['bar123456'], at: 1 }, (text) => logs.redact('a', text));
    expect(JSON.stringify(status)).not.toContain('bar123456');
  });

  it('keeps the last lines per server, cuts long lines, and throttles the live feed with a note', () => {
    let clock = 0;
    const live: LogLine[] = [];
    const logs = new ServerLogs((line) => live.push(line), { maxLines: 3, maxLineChars: 5, livePerSecond: 2 }, () => clock);
    for (const text of ['a', 'b', 'c', 'd']) logs.append('s', 'stderr', text);
    logs.append('s', 'stderr', 'a very long line');
    expect(logs.tail('s').map((l) => l.text)).toEqual(['c', 'd', 'a ver…']);
    expect(logs.tail('s', 1).map((l) => l.text)).toEqual(['a ver…']);
    expect(live.map((l) => l.text)).toEqual(['a', 'b']);
    clock = 1000;
    logs.append('s', 'host', 'later');
    expect(live.map((l) => l.text)).toEqual(['a', 'b', expect.stringContaining('3 log lines were not shown live'), 'later']);
    // The host note pushed the oldest stderr line out of the 3-line ring.
    expect(logs.stderrTail('s')).toEqual(['d', 'a ver…']);
    expect(logs.tail('other')).toEqual([]);
  });
});

describe('line splitting', () => {
  it('joins lines split across chunks and handles CRLF', () => {
    const lines: string[] = [];
    const split = lineSplitter((line) => lines.push(line));
    split.push('one\r\ntw');
    split.push('o\nthree');
    split.flush();
    expect(lines).toEqual(['one', 'two', 'three']);
  });

  it('keeps a character whole when its bytes arrive in two chunks (Vietnamese, Chinese, emoji in stderr)', () => {
    const lines: string[] = [];
    const split = lineSplitter((line) => lines.push(line));
    const bytes = Buffer.from('Máy chủ 服务器 ✅\n');
    for (let i = 0; i < bytes.length; i += 1) split.push(bytes.subarray(i, i + 1));
    expect(lines).toEqual(['Máy chủ 服务器 ✅']);
    const heads: string[] = [];
    const push = lineHeads((head) => heads.push(head));
    for (let i = 0; i < bytes.length; i += 1) push(bytes.subarray(i, i + 1));
    expect(heads).toEqual(['Máy chủ 服务器 ✅']);
  });

  it('reports the head of every line without keeping long lines whole', () => {
    const heads: string[] = [];
    const push = lineHeads((head) => heads.push(head), 4);
    push('{"js');
    push(`onrpc${'x'.repeat(10_000)}\nBanner text\n`);
    push('\n');
    expect(heads).toEqual(['{"js', 'Bann', '']);
  });

  it('skips the lines that start with the byte it is told to skip, even split across chunks', () => {
    const heads: string[] = [];
    const push = lineHeads((head) => heads.push(head), 200, 0x7b);
    const bytes = Buffer.from(`{"jsonrpc":"2.0","id":1}\nBanner 服务器 text\r\n {"indented":true}\n{"id":2}\n\n`);
    for (let i = 0; i < bytes.length; i += 3) push(bytes.subarray(i, i + 3));
    expect(heads).toEqual(['Banner 服务器 text', ' {"indented":true}', '']);
  });
});
