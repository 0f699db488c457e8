import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { createMarkdownFormatter } from './formatMarkdown.ts';

// Texts a model writes, and texts that try what the pipeline must refuse (raw HTML, script URLs).
const samples = [
  '## Results\n\nSome **bold**, _emphasis_, ~~struck~~ and `code`, a [link](https://example.com "title") and https://auto.link.',
  '| Tool | Calls |\n| --- | ---: |\n| get-sum | 2 |\n| echo | 1 |',
  '- [x] done\n- [ ] next\n  1. nested\n  2. list',
  '```ts\nconst total: number = 2 + 3;\nconsole.log(total);\n```\n\n```\nno language\n```',
  'Inline $x^2 + y^2$ and display:\n\n$$\n\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}\n$$',
  'Raw <b onclick="alert(1)">html</b> and <script>alert(1)</script>\n\n<div>block html</div>',
  '[click](javascript:alert(1)) [data](data:text/html,<b>x</b>) [ok](mailto:a@example.com)',
  'A footnote[^1] and a reference [link][ref].\n\n[^1]: The note.\n\n[ref]: https://example.com/ref',
  '> A quote\n>\n> - with a list\n\n---\n\n1. one\n2. two',
];

const highlight = rehypeHighlight();
const rehypePlugins = [() => highlight];

describe('createMarkdownFormatter', () => {
  // The pipeline is built once for speed: what it draws must be exactly what react-markdown draws with the same plugins.
  it.each(samples)('formats like react-markdown: %s', (text) => {
    const components: Components = {};
    const format = createMarkdownFormatter(rehypePlugins, components);
    const expected = renderToStaticMarkup(<>{ReactMarkdown({ children: text, remarkPlugins: [remarkGfm, remarkMath], rehypePlugins, components })}</>);
    expect(renderToStaticMarkup(<>{format(text)}</>)).toBe(expected);
  });

  it('drops script URLs and shows raw HTML as text', () => {
    const format = createMarkdownFormatter([], {});
    const html = renderToStaticMarkup(<>{format('[click](javascript:alert(1)) <img src=x onerror=alert(1)>')}</>);
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('formats the same text the same way each time (one processor, reused)', () => {
    const format = createMarkdownFormatter(rehypePlugins, {});
    const first = renderToStaticMarkup(<>{format(samples[4] ?? '')}</>);
    for (const text of samples) void format(text);
    expect(renderToStaticMarkup(<>{format(samples[4] ?? '')}</>)).toBe(first);
  });
});
