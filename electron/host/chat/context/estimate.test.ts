import { describe, expect, it, vi } from 'vitest';
import { estimateRequestTokens, imageTokens, maxImageTokens, messageTokens, pdfTokens, prefixTokens, textTokens } from './estimate.ts';
import { contextWindowOf, defaultContextWindow } from './modelWindows.ts';

// A PNG header (signature, IHDR length and type, width, height) is all the estimate reads.
function pngOf(width: number, height: number): string {
  const bytes = Buffer.alloc(33);
  bytes.writeUInt32BE(0x89504e47, 0);
  bytes.writeUInt32BE(0x0d0a1a0a, 4);
  bytes.writeUInt32BE(13, 8);
  bytes.write('IHDR', 12, 'latin1');
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return bytes.toString('base64');
}

function jpegOf(width: number, height: number): string {
  // SOI, an APP0 segment, then SOF0 with height and width.
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x04, 0x00, 0x00]);
  const sof = Buffer.alloc(11);
  sof.writeUInt16BE(0xffc0, 0);
  sof.writeUInt16BE(9, 2);
  sof.writeUInt8(8, 4);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.alloc(4)]).toString('base64');
}

describe('token estimate', () => {
  it('counts text as characters / 3.5, rounded up', () => {
    expect(textTokens('')).toBe(0);
    expect(textTokens('a'.repeat(35))).toBe(10);
    expect(textTokens('a'.repeat(36))).toBe(11);
    // Vietnamese letters are Latin: the same rule.
    expect(textTokens('Hà Nội'.repeat(7))).toBe(Math.ceil(42 / 3.5));
  });

  it('counts CJK characters (Chinese, Japanese kana, Korean, full-width punctuation) as a token each', () => {
    expect(textTokens('你好世界')).toBe(4);
    expect(textTokens('こんにちは')).toBe(5);
    expect(textTokens('안녕하세요')).toBe(5);
    expect(textTokens('你好，世界！')).toBe(6);
    // Mixed: the CJK characters one each, the rest by characters / 3.5.
    expect(textTokens(`${'中'.repeat(100)}${'a'.repeat(35)}`)).toBe(110);
    // A Chinese chat is no longer estimated at a third of its size: 10,000 characters are at least 10,000 tokens.
    expect(textTokens('我们今天讨论一下这个项目的进展。'.repeat(625))).toBeGreaterThanOrEqual(10_000);
  });

  it('counts an image by its size (width × height / 750), at most ~1,600 tokens', () => {
    expect(imageTokens(pngOf(200, 150))).toBe(40);
    expect(imageTokens(jpegOf(300, 250))).toBe(100);
    expect(imageTokens(pngOf(4000, 3000))).toBe(maxImageTokens);
    // Unknown formats are counted at the most an image can cost.
    expect(imageTokens(Buffer.from('not an image').toString('base64'))).toBe(maxImageTokens);
  });

  it('counts a PDF per page (text plus the page as an image)', () => {
    const pdf = (pages: number) => Buffer.from(`%PDF-1.7 /Type /Pages ${'/Type /Page '.repeat(pages)}`).toString('base64');
    expect(pdfTokens(pdf(3))).toBe(3 * pdfTokens(pdf(1)));
    expect(pdfTokens(pdf(1))).toBeGreaterThan(maxImageTokens);
  });

  it('counts tool_use inputs, tool_result contents and images inside results', () => {
    const message = messageTokens({
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 't1', content: [{ type: 'text', text: 'x'.repeat(350) }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: pngOf(200, 150) } }] },
      ],
    });
    expect(message).toBeGreaterThanOrEqual(100 + 40);
    expect(message).toBeLessThan(100 + 40 + 20);
    const use = messageTokens({ role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'everything__echo', input: { message: 'y'.repeat(700) } }] });
    expect(use).toBeGreaterThan(200);
  });

  it('adds tools and the system prompt to the messages', () => {
    const base = { messages: [{ role: 'user' as const, content: 'hello' }] };
    const withTools = { ...base, system: 'z'.repeat(350), tools: [{ name: 'echo', description: 'd'.repeat(700), input_schema: { type: 'object' as const } }] };
    expect(estimateRequestTokens(withTools) - estimateRequestTokens(base)).toBeGreaterThan(100 + 200);
  });

  it('sizes the tools as their JSON, each tool measured once', () => {
    const tool = (name: string, description: string) => ({ name, description, input_schema: { type: 'object' as const, properties: { q: { type: 'string', description: 'ünïcødé "quoted"' } } } });
    const echo = tool('echo', 'Echoes.');
    const sum = tool('sum', 'd'.repeat(1_000));
    for (const tools of [[], [echo], [echo, sum], [sum, echo, { ...sum, name: 'sum2' }]]) {
      expect(prefixTokens({ tools })).toBe(textTokens(JSON.stringify(tools)));
    }
    // A tool measured before is not stringified again: the same definition in later requests costs a lookup.
    const stringify = vi.spyOn(JSON, 'stringify');
    prefixTokens({ tools: [echo, sum] });
    expect(stringify).not.toHaveBeenCalled();
    stringify.mockRestore();
  });

  it('does not count a tool sent with defer_loading (the API keeps it out of the context until a search finds it)', () => {
    const tool = (name: string) => ({ name, description: 'd'.repeat(700), input_schema: { type: 'object' as const } });
    const loaded = [tool('search'), tool('read')];
    const deferred = Array.from({ length: 50 }, (_, i) => ({ ...tool(`t${i}`), defer_loading: true }));
    expect(prefixTokens({ tools: [...loaded, ...deferred] })).toBe(prefixTokens({ tools: loaded }));
    expect(prefixTokens({ tools: deferred })).toBe(prefixTokens({ tools: [] }));
  });
});

describe('model windows', () => {
  it('knows Claude models, defaults to 200K, and lets the setting win', () => {
    expect(contextWindowOf('claude-sonnet-5-5')).toBe(200_000);
    expect(contextWindowOf('claude-2.0')).toBe(100_000);
    expect(contextWindowOf('claude-sonnet-4-6[1m]')).toBe(1_000_000);
    expect(contextWindowOf('llama-3-local')).toBe(defaultContextWindow);
    expect(contextWindowOf('claude-sonnet-5-5', 32_000)).toBe(32_000);
  });
});
