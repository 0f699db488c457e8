// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { initI18n } from '../../i18n/index.ts';
import { Markdown } from './Markdown.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(cleanup);

const paragraphs = (count: number): string => Array.from({ length: count }, (_, i) => `Paragraph ${i}: the fields were checked.`).join('\n\n');

describe('Markdown chunk groups', () => {
  it('puts a long reply’s chunks in groups of 24, the elements that skip rendering off screen, not one per chunk', () => {
    // content-visibility's viewport check runs on each such element every frame: one per chunk cost 380-470 ms per
    // ui-bench reply (issue 14).
    const { container, rerender } = render(<Markdown text={paragraphs(100)} streaming />);
    const md = container.querySelector('.md');
    expect(md?.classList.contains('is-streamed')).toBe(true);
    expect(container.querySelectorAll('.md-chunk')).toHaveLength(100);
    expect(md?.querySelectorAll(':scope > .md-chunk')).toHaveLength(0);
    expect(md?.querySelectorAll(':scope > .md-group')).toHaveLength(5);
    // The reply grows: earlier groups keep their elements, the new chunks go to the last group and then a new one.
    const first = md?.querySelector(':scope > .md-group');
    rerender(<Markdown text={paragraphs(121)} streaming />);
    expect(md?.querySelector(':scope > .md-group')).toBe(first);
    expect(md?.querySelectorAll(':scope > .md-group')).toHaveLength(6);
    expect(container.querySelectorAll('.md-chunk')).toHaveLength(121);
    expect(container.textContent).toContain('Paragraph 120:');
  });
});
