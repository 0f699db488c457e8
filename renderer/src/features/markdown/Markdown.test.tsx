// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initI18n } from '../../i18n/index.ts';
import { Markdown } from './Markdown.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(cleanup);

const reply = [
  '## Results',
  '',
  '| Tool | Calls |',
  '| --- | ---: |',
  '| get-sum | 2 |',
  '| echo | 1 |',
  '',
  '- [x] done',
  '- [ ] next',
  '',
  '```ts',
  'const total: number = 2 + 3;',
  '',
  'console.log(total);',
  '```',
].join('\n');

describe('Markdown', () => {
  it('renders a GFM table, task lists and a heading', () => {
    render(<Markdown text={reply} />);
    expect(screen.getByRole('heading', { name: 'Results' })).toBeTruthy();
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Tool', 'Calls']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('get-sum')).toBeTruthy();
    expect(screen.getAllByRole('checkbox').map((c) => (c as HTMLInputElement).checked)).toEqual([true, false]);
  });

  it('highlights a fenced code block, labels its language, and copies the exact code', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<Markdown text={reply} />);
    const code = document.querySelector('pre code');
    expect(code?.className).toContain('language-ts');
    expect(code?.querySelector('.hljs-keyword')?.textContent).toBe('const');
    expect(screen.getByText('ts')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(writeText).toHaveBeenCalledWith('const total: number = 2 + 3;\n\nconsole.log(total);');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
  });

  it('does not load remote images from model output and opens links in a new tab', () => {
    render(<Markdown text={'![chart](https://tracker.example/pixel.png) and [docs](https://example.com)'} />);
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByRole('link', { name: 'chart' }).getAttribute('href')).toBe('https://tracker.example/pixel.png');
    const docs = screen.getByRole('link', { name: 'docs' });
    expect(docs.getAttribute('target')).toBe('_blank');
    expect(docs.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('renders a reply still streaming with an unclosed code fence', () => {
    render(<Markdown text={'Here:\n\n```py\nprint("hi")'} />);
    expect(document.querySelector('pre code')?.textContent).toContain('print("hi")');
  });
});
