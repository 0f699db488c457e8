/**
 * The Markdown pipeline (parse, GFM, math, highlighting, React elements), built once per page. react-markdown's
 * component builds a new unified processor for every text it formats, attaching every plugin again (GFM alone makes
 * a dozen syntax extensions each time), and micromark merges those extensions on every parse: a streaming reply
 * formats hundreds of small chunks, so that fixed cost was most of each chunk's formatting time and much of its
 * garbage. Here the processor is frozen once and its syntax extensions are merged once; what react-markdown does after
 * the transforms (raw HTML shown as text, unsafe URLs dropped, React elements) is done the same way.
 */
import type { ReactNode } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { defaultUrlTransform, type Components } from 'react-markdown';
import { toJsxRuntime, type Components as JsxComponents } from 'hast-util-to-jsx-runtime';
import { urlAttributes } from 'html-url-attributes';
import { combineExtensions } from 'micromark-util-combine-extensions';
import type { Extension } from 'micromark-util-types';
import type { Element, Root, RootContent } from 'hast';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import type { Pluggable } from 'unified';
import { unified } from 'unified';
import { VFile } from 'vfile';

/**
 * A remark plugin, after the syntax plugins: merges their micromark extensions into one, so each parse merges one
 * extension into micromark's defaults instead of all of them (the merge keeps their order, so parsing is unchanged).
 */
function mergeSyntaxExtensions(this: { data(): { micromarkExtensions?: Extension[] } }): void {
  const data = this.data();
  if (data.micromarkExtensions && data.micromarkExtensions.length > 1) data.micromarkExtensions = [combineExtensions(data.micromarkExtensions)];
}

/** Makes `tree` safe and plain as react-markdown does: raw HTML becomes its text, URL attributes go through its check. */
function sanitize(parent: Root | Element): void {
  parent.children.forEach((child: RootContent, index) => {
    if (child.type === 'raw') {
      parent.children[index] = { type: 'text', value: child.value };
      return;
    }
    if (child.type !== 'element') return;
    for (const [attribute, tags] of Object.entries(urlAttributes)) {
      if (!Object.hasOwn(child.properties, attribute)) continue;
      if (tags === null || tags.includes(child.tagName)) child.properties[attribute] = defaultUrlTransform(String(child.properties[attribute] ?? ''));
    }
    sanitize(child);
  });
}

/** Formats Markdown to React elements with `rehypePlugins` after math and GFM, rendering elements with `components`. */
export function createMarkdownFormatter(rehypePlugins: readonly Pluggable[], components: Components): (markdown: string) => ReactNode {
  const processor = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkMath)
    .use(mergeSyntaxExtensions)
    // As react-markdown: raw HTML is kept as `raw` nodes here and turned into plain text by `sanitize`.
    .use(remarkRehype, { allowDangerousHtml: true })
    .use(rehypePlugins as Pluggable[])
    .freeze();
  const jsxComponents = components as Partial<JsxComponents>;
  return (markdown) => {
    const file = new VFile(markdown);
    const tree = processor.runSync(processor.parse(file), file);
    sanitize(tree);
    // Typed against a global JSX namespace React 19 no longer declares: the result is a React element.
    return toJsxRuntime(tree, { Fragment, jsx, jsxs, components: jsxComponents, ignoreInvalidStyle: true, passKeys: true, passNode: true }) as ReactNode;
  };
}
