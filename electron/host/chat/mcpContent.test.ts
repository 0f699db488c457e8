import { describe, expect, it } from 'vitest';
import { attachmentToModel, mcpItemToModel, toolResultToModel, truncateText } from './mcpContent.ts';

describe('MCP content to model content', () => {
  it('maps each MCP content type as the model can take it', () => {
    expect(mcpItemToModel({ type: 'text', text: 'hi' })).toEqual({ type: 'text', text: 'hi' });
    expect(mcpItemToModel({ type: 'image', data: 'AAAA', mimeType: 'image/png' })).toEqual({ type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } });
    expect(mcpItemToModel({ type: 'image', data: 'AAAA', mimeType: 'image/svg+xml' })).toMatchObject({ type: 'text', text: expect.stringContaining('image/svg+xml') as string });
    expect(mcpItemToModel({ type: 'audio', data: 'A'.repeat(4096), mimeType: 'audio/wav' })).toEqual({ type: 'text', text: expect.stringMatching(/audio clip \(audio\/wav, 3 KB\).*cannot listen/) as string });
    expect(mcpItemToModel({ type: 'resource', resource: { uri: 'file:///a.txt', mimeType: 'text/plain', text: 'body' } })).toEqual({ type: 'text', text: 'Resource file:///a.txt (text/plain):\nbody' });
    expect(mcpItemToModel({ type: 'resource', resource: { uri: 'file:///a.bin', blob: 'AAAA' } })).toMatchObject({ text: expect.stringContaining('binary resource file:///a.bin') as string });
    expect(mcpItemToModel({ type: 'resource_link', uri: 'file:///b', name: 'b.txt', description: 'notes' })).toEqual({ type: 'text', text: 'Resource link: b.txt <file:///b> (notes)' });
  });

  it('sends structuredContent as JSON only when there is no text, and carries isError', () => {
    expect(toolResultToModel({ content: [], structuredContent: { a: 1 }, isError: false }, 1000).content).toEqual([{ type: 'text', text: '{\n  "a": 1\n}' }]);
    expect(toolResultToModel({ content: [{ type: 'text', text: 'said' }], structuredContent: { a: 1 }, isError: false }, 1000).content).toEqual([{ type: 'text', text: 'said' }]);
    const failed = toolResultToModel({ content: [], isError: true }, 1000);
    expect(failed.isError).toBe(true);
    expect(failed.content[0]).toMatchObject({ type: 'text' });
    expect(toolResultToModel({ content: [{ type: 'text', text: '' }], isError: false }, 1000).content).toEqual([{ type: 'text', text: '(empty)' }]);
  });

  it('truncates text past the limit with a marker, keeping images and dropping later text', () => {
    const blocks = truncateText(
      [
        { type: 'text', text: 'a'.repeat(60) },
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } },
        { type: 'text', text: 'b'.repeat(60) },
        { type: 'text', text: 'c'.repeat(10) },
      ],
      100,
    );
    expect(blocks.truncated).toBe(true);
    expect(blocks.blocks).toHaveLength(3);
    const cut = blocks.blocks[2];
    expect(cut?.type === 'text' ? cut.text : '').toMatch(/^b{40}\n\n\[Truncated by Switchboard: this result has 130 characters and only the first 100 were sent/);
    expect(truncateText([{ type: 'text', text: 'short' }], 100)).toEqual({ blocks: [{ type: 'text', text: 'short' }], truncated: false });
  });

  it('introduces an attachment with its name and URI', () => {
    const blocks = attachmentToModel({ uri: 'file:///notes.md', name: 'notes.md', content: [{ type: 'resource', resource: { uri: 'file:///notes.md', text: '# Notes' } }] }, 1000);
    expect(blocks[0]).toEqual({ type: 'text', text: 'Attached resource "notes.md" <file:///notes.md>:' });
    expect(blocks[1]).toMatchObject({ type: 'text', text: expect.stringContaining('# Notes') as string });
  });
});
