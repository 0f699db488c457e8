import { describe, expect, it } from 'vitest';
import { splitBlocks } from './splitBlocks.ts';

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
