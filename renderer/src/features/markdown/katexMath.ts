/**
 * Math in chat Markdown, rendered by KaTeX straight to HTML. rehype-katex rendered each formula to an HTML string,
 * parsed that string back into a syntax tree and had React build every one of its dozens of spans: most of the cost of
 * a formula. Here a rehype step marks each formula (remark-math's `math-inline` / `math-display` code), rendering it,
 * and the Markdown component puts KaTeX's HTML in place; each formula is rendered once per page (cached), so history and
 * branch switches showing the same formulas again cost nothing.
 */
import katex from 'katex';
import type { Element, ElementContent, Root, RootContent } from 'hast';

// Math from a model is untrusted input: no \href, \url or \includegraphics or other trusted commands, macro expansion
// and sizes capped (a macro bomb or a 10000em box cannot hang or cover the window), errors shown inline in red.
const katexOptions = { trust: false, strict: 'ignore' as const, maxExpand: 1000, maxSize: 50, errorColor: 'var(--danger)', throwOnError: false };

/** The class of the element that stands for one formula until the Markdown component renders it. */
export const MATH_CLASS = 'md-math';

const cache = new Map<string, string>();
const CACHE_LIMIT = 2000;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** KaTeX's HTML for `tex` (display or inline); an error is shown inline, never thrown. Cached per page. */
export function katexHtml(tex: string, display: boolean): string {
  const key = `${display ? 'D' : 'I'}${tex}`;
  const known = cache.get(key);
  if (known !== undefined) return known;
  let html: string;
  try {
    html = katex.renderToString(tex, { ...katexOptions, displayMode: display });
  } catch (error) {
    // KaTeX reports parse errors itself with throwOnError off; anything else gets the same look.
    html = `<span class="katex-error" style="color:var(--danger)" title="${escapeHtml(String(error))}">${escapeHtml(tex)}</span>`;
  }
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value ?? '');
  cache.set(key, html);
  return html;
}

function textOf(node: ElementContent | Element): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(textOf).join('');
  return '';
}

function classesOf(element: Element): string[] {
  const classes = element.properties.className;
  return Array.isArray(classes) ? classes.map(String) : [];
}

/** The placeholder for the formula in `element` (a `code`, or the `pre` around display math), or undefined. */
function mathPlaceholder(element: Element): Element | undefined {
  const code = element.tagName === 'pre' ? element.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code') : element;
  if (!code || code.tagName !== 'code') return undefined;
  const classes = classesOf(code);
  const display = classes.includes('math-display') || (element.tagName === 'pre' && classes.includes('language-math'));
  if (!display && !classes.includes('math-inline')) return undefined;
  // A ```math fence or display math: the `pre` itself is replaced; inline math stays inside its paragraph.
  if (element.tagName === 'code' && display) return undefined;
  const tex = textOf(code);
  // Rendered now, while the chunk is formatted: a streaming reply charges formatting to its per-task budget, and KaTeX
  // at React's render (outside it) added several ms to the tasks that were already the longest. The component's call
  // then finds it in the cache.
  katexHtml(tex, display);
  return { type: 'element', tagName: 'span', properties: { className: [MATH_CLASS], dataTex: tex, dataDisplay: display ? 'true' : 'false' }, children: [{ type: 'text', value: tex }] };
}

function replaceMath(parent: Root | Element): void {
  parent.children.forEach((child: RootContent, index) => {
    if (child.type !== 'element') return;
    const placeholder = mathPlaceholder(child);
    if (placeholder) parent.children[index] = placeholder;
    else replaceMath(child);
  });
}

/** The rehype plugin: marks each formula for the Markdown component (run before highlighting, which skips it). */
export function rehypeMathPlaceholders() {
  return (tree: Root): void => replaceMath(tree);
}
