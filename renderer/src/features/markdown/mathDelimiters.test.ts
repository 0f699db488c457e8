import { describe, expect, it } from 'vitest';
import { prepareMath } from './mathDelimiters.ts';

describe('prepareMath', () => {
  it('turns LaTeX inline and display delimiters into remark-math ones', () => {
    expect(prepareMath('Euler: \\(e^{i\\pi} + 1 = 0\\).')).toBe('Euler: $e^{i\\pi} + 1 = 0$.');
    expect(prepareMath('Sum:\n\\[\n\\sum_{k=1}^n k\n\\]\nDone')).toBe('Sum:\n\n$$\n\\sum_{k=1}^n k\n$$\n\nDone');
  });

  it('escapes dollars that cannot be inline math, so prices stay text', () => {
    expect(prepareMath('It costs $5 and $10 today.')).toBe('It costs \\$5 and \\$10 today.');
    expect(prepareMath('Between $5 and $ 10')).toBe('Between \\$5 and \\$ 10');
    expect(prepareMath('Pay $20, or $x$ per unit')).toBe('Pay \\$20, or $x$ per unit');
  });

  it('keeps valid inline and display dollar math as written', () => {
    expect(prepareMath('Area $\\pi r^2$ and $$a+b$$ inline')).toBe('Area $\\pi r^2$ and $$a+b$$ inline');
    const block = 'Before\n\n$$\nx = 1\n\ny = $2\n$$\n\nAfter $3';
    expect(prepareMath(block)).toBe('Before\n\n$$\nx = 1\n\ny = $2\n$$\n\nAfter \\$3');
  });

  it('makes `$$…$$` on a line of its own display math, and leaves it inline within a sentence', () => {
    expect(prepareMath('The total is:\n$$\\sum_{k=1}^{n} k$$\nas expected.')).toBe('The total is:\n\n$$\n\\sum_{k=1}^{n} k\n$$\n\nas expected.');
    expect(prepareMath('$$ x^2 $$')).toBe('\n$$\nx^2\n$$\n');
    expect(prepareMath('So $$a+b$$ here')).toBe('So $$a+b$$ here');
    expect(prepareMath('- item $$a$$')).toBe('- item $$a$$');
    expect(prepareMath('$$$$')).toBe('$$$$');
  });

  it('leaves code spans and fenced code untouched', () => {
    expect(prepareMath('Run `echo $HOME \\(x\\)` now')).toBe('Run `echo $HOME \\(x\\)` now');
    const fenced = '```sh\necho $PATH \\[x\\]\n```';
    expect(prepareMath(fenced)).toBe(fenced);
  });

  it('leaves an unclosed \\( as text while it streams', () => {
    expect(prepareMath('So \\(a + b')).toBe('So \\(a + b');
  });
});
