import { describe, expect, it } from 'vitest';
import { growChunks, splitBlocks } from './splitBlocks.ts';

describe('splitBlocks', () => {
  it('splits paragraphs at blank lines', () => {
    expect(splitBlocks('# Title\n\nFirst para\nsame para\n\nSecond')).toEqual(['# Title', 'First para\nsame para', 'Second']);
  });

  it('keeps a fenced code block with blank lines whole, even unclosed while streaming', () => {
    const text = 'Intro\n\n```ts\nconst a = 1;\n\nconst b = 2;\n```\n\nAfter';
    expect(splitBlocks(text)).toEqual(['Intro', '```ts\nconst a = 1;\n\nconst b = 2;\n```', 'After']);
    expect(splitBlocks('```py\nx = 1\n\ny = 2')).toEqual(['```py\nx = 1\n\ny = 2']);
  });

  it('keeps a loose list and its indented paragraphs together', () => {
    const text = '- one\n\n  more about one\n\n- two\n\nAfter the list';
    expect(splitBlocks(text)).toEqual(['- one\n\n  more about one\n\n- two', 'After the list']);
  });

  it('keeps texts with reference definitions whole', () => {
    const text = 'See [docs][1].\n\n[1]: https://example.com';
    expect(splitBlocks(text)).toEqual([text]);
  });
});

describe('growChunks', () => {
  it('gives the same chunks as a full split while text is appended piece by piece', () => {
    const text = '# Report\n\nIntro para\n\n```ts\nconst a = 1;\n\nconst b = 2;\n```\n\n- one\n\n  more\n\n- two\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\nThe end.';
    let state: { text: string; chunks: ReturnType<typeof growChunks> } | undefined;
    for (let i = 1; i <= text.length; i += 3) {
      const prefix = text.slice(0, i);
      const chunks = growChunks(state, prefix);
      expect(chunks.map((c) => c.text)).toEqual(splitBlocks(prefix));
      for (const c of chunks) expect(prefix.slice(c.start, c.start + c.text.length)).toBe(c.text);
      state = { text: prefix, chunks };
    }
  });

  it('starts over when the text was replaced rather than grown', () => {
    const first = growChunks(undefined, 'alpha\n\nbeta');
    expect(growChunks({ text: 'alpha\n\nbeta', chunks: first }, 'gamma').map((c) => c.text)).toEqual(['gamma']);
  });
});

describe('splitBlocks with display math', () => {
  it('keeps a $$ block with blank lines in one chunk, and an unclosed one in the live tail', () => {
    const text = 'Intro\n\n$$\na = 1\n\nb = 2\n$$\n\nAfter';
    expect(splitBlocks(text)).toEqual(['Intro', '$$\na = 1\n\nb = 2\n$$', 'After']);
    expect(splitBlocks('Intro\n\n$$\na = 1\n\nb = 2')).toEqual(['Intro', '$$\na = 1\n\nb = 2']);
    expect(splitBlocks('Intro\n\n\\[\na\n\nb\n\\]\n\nEnd')).toEqual(['Intro', '\\[\na\n\nb\n\\]', 'End']);
  });

  it('does not change finished chunks while a math block streams in', () => {
    const text = 'First paragraph.\n\n$$\n\\int_0^1 x\\,dx\n\n= \\frac12\n$$\n\nLast.';
    let state: { text: string; chunks: ReturnType<typeof growChunks> } | undefined;
    for (let i = 1; i <= text.length; i++) {
      const prefix = text.slice(0, i);
      const chunks = growChunks(state, prefix);
      if (i > 'First paragraph.\n\n$'.length) expect(chunks[0]?.text).toBe('First paragraph.');
      expect(chunks.map((c) => c.text)).toEqual(splitBlocks(prefix));
      state = { text: prefix, chunks };
    }
  });
});
