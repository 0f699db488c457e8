// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { initI18n } from '../../i18n/index.ts';
import { Markdown } from './Markdown.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(cleanup);

/** The TeX source KaTeX keeps in its MathML annotation, for each rendered formula. */
const formulas = (root: ParentNode): string[] => [...root.querySelectorAll('annotation[encoding="application/x-tex"]')].map((a) => a.textContent ?? '');

describe('Markdown math', () => {
  it('renders all four delimiters with KaTeX, inline and display', () => {
    const { container } = render(
      <Markdown text={'Inline $a^2$ and \\(b_1\\).\n\n$$\n\\frac{1}{2}\n$$\n\nAlso:\n\n\\[\n\\sqrt{x}\n\\]'} />,
    );
    expect(formulas(container)).toEqual(['a^2', 'b_1', '\\frac{1}{2}', '\\sqrt{x}']);
    expect(container.querySelectorAll('.katex-display')).toHaveLength(2);
  });

  it('shows `$$…$$` on a line of its own as display math, also while it streams, and keeps it inline in a sentence', () => {
    const text = 'The total is:\n$$\\sum_{k=1}^{n} k$$\nand inline $$a+b$$ stays small.';
    const { container, rerender } = render(<Markdown text={text} />);
    expect(formulas(container)).toEqual(['\\sum_{k=1}^{n} k', 'a+b']);
    expect([...container.querySelectorAll('.katex-display annotation')].map((a) => a.textContent)).toEqual(['\\sum_{k=1}^{n} k']);
    expect(container.textContent).toContain('The total is:');
    // Streaming: the open formula and the closed one are both display, so the block does not change size when it closes.
    rerender(<Markdown text={'The total is:\n$$\\sum_{k=1}'} streaming />);
    expect(container.querySelectorAll('.katex-display')).toHaveLength(1);
    rerender(<Markdown text={'The total is:\n$$\\sum_{k=1}$$'} streaming />);
    expect(container.querySelectorAll('.katex-display')).toHaveLength(1);
  });

  it('leaves prices as text ("$5 and $10")', () => {
    const { container } = render(<Markdown text="Plans cost $5 and $10 a month." />);
    expect(container.querySelector('.katex')).toBeNull();
    expect(container.textContent).toBe('Plans cost $5 and $10 a month.');
  });

  it('does not run trusted commands from model output: \\href makes no link, \\htmlClass no class', () => {
    const { container } = render(<Markdown text={'$\\href{javascript:alert(1)}{x}$ and $\\htmlClass{evil}{y}$'} />);
    expect(container.querySelector('a')).toBeNull();
    expect(container.querySelector('.evil')).toBeNull();
  });

  it('shows a formula error inline instead of failing the message, and stops a macro bomb', () => {
    const bomb = '$\\def\\a{\\a\\a}\\a$';
    const { container } = render(<Markdown text={`Bad $\\frac{1$ then ${bomb} then fine $x$`} />);
    expect(container.querySelectorAll('.katex-error').length).toBeGreaterThanOrEqual(2);
    expect(formulas(container)).toContain('x');
  });

  it('keeps code spans with dollars and LaTeX as code', () => {
    const { container } = render(<Markdown text={'Use `echo $HOME \\(x\\)` here'} />);
    expect(container.querySelector('.katex')).toBeNull();
    expect(container.querySelector('code')?.textContent).toBe('echo $HOME \\(x\\)');
  });
});
