import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolResult } from '../../../shared/servers.ts';
import { toolResultToModel } from './mcpContent.ts';
import { capToolResult, resultSize } from './toolResultCap.ts';
import { ToolResultFiles } from './toolResultFiles.ts';

const text = (n: number): ToolResult => ({ content: [{ type: 'text', text: 'x'.repeat(n) }], isError: false });

describe('tool result cap', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('leaves a result within the limit alone', () => {
    expect(capToolResult(text(1000), 1000)).toBeUndefined();
  });

  it('cuts text, leaves out images and structured content that do not fit, and stays within the limit, notes included', () => {
    const big: ToolResult = {
      content: [{ type: 'text', text: 'a'.repeat(5000) }, { type: 'image', data: 'b'.repeat(50_000), mimeType: 'image/png' }, ...Array.from({ length: 500 }, () => ({ type: 'audio' as const, data: 'c'.repeat(30), mimeType: 'audio/wav' }))],
      structuredContent: { rows: 'd'.repeat(20_000) },
      isError: false,
    };
    const cut = capToolResult(big, 10_000);
    expect(cut).toBeDefined();
    expect(resultSize(cut as ToolResult)).toBeLessThanOrEqual(10_000);
    expect(JSON.stringify(cut)).not.toContain('b'.repeat(100));
    expect(cut?.structuredContent).toBeUndefined();
    expect(JSON.stringify(cut)).toMatch(/Cut by Switchboard: this tool result has 90,011 characters and the limit is 10,000/);
    // The model is sent no more than the limit either.
    const model = toolResultToModel(cut as ToolResult, 10_000);
    const sent = model.content.reduce((n, block) => n + (block.type === 'text' ? block.text.length : JSON.stringify(block).length), 0);
    expect(sent).toBeLessThanOrEqual(10_000 + 300);
  });

  it('keeps the whole result on disk under hashed names, reads it back for download, and forgets it with its chat', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-results-'));
    dirs.push(dir);
    const files = new ToolResultFiles(dir);
    const limited = await files.limit('chat/../../etc', 'toolu_1', text(300_000), 100_000);
    expect(limited.full).toEqual({ chars: 300_000, format: 'text' });
    expect(resultSize(limited.result)).toBeLessThanOrEqual(100_000);
    const [chatDir] = readdirSync(join(dir, 'tool-results'));
    expect(chatDir).toMatch(/^[0-9a-f]{32}$/);
    const read = await files.read('chat/../../etc', 'toolu_1');
    expect(read.ok && read.value.content.length).toBe(300_000);
    expect(read.ok && read.value.filename).toBe('tool-result-toolu_1.txt');
    expect(await files.read('chat/../../etc', 'other')).toMatchObject({ ok: false, error: { code: 'not_found', text: { code: 'store.fullResultGone' } } });
    await files.removeChat('chat/../../etc');
    expect(readdirSync(join(dir, 'tool-results'))).toEqual([]);
  });
});
