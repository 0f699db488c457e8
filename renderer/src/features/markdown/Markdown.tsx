/** Renders chat Markdown (GFM, highlighted code with copy, KaTeX math), re-rendering only the chunk that changed while streaming. */
import { Children, isValidElement, memo, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import type { Components } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import 'katex/dist/katex.min.css';
import { CodeBlock } from './CodeBlock.tsx';
import { growChunks, type Chunk as TextChunk } from './splitBlocks.ts';
import { prepareMath } from './mathDelimiters.ts';
import { parseBudget } from './parseBudget.ts';
import { katexHtml, MATH_CLASS, rehypeMathPlaceholders } from './katexMath.ts';
import { createMarkdownFormatter } from './formatMarkdown.ts';
import { afterFirstPaint } from '../common/afterFirstPaint.ts';
import './markdown.css';

// rehype-highlight registers and compiles every highlight.js grammar each time its plugin is attached: build the
// transformer once (the warm-up below uses it directly).
const highlightTransform = rehypeHighlight();
const rehypeHighlightOnce = () => highlightTransform;

const components: Components = {
  // A formula marked by rehypeMathPlaceholders: KaTeX's own HTML (safe options, see katexMath.ts), cached per formula.
  span: ({ node, className, children, ...rest }) => {
    const tex = node?.properties.dataTex;
    if (className !== MATH_CLASS || typeof tex !== 'string') return <span className={className} {...rest}>{children}</span>;
    return <span className={MATH_CLASS} dangerouslySetInnerHTML={{ __html: katexHtml(tex, node?.properties.dataDisplay === 'true') }} />;
  },
  pre: ({ node, children }) => <CodeBlock node={node}>{children}</CodeBlock>,
  a: ({ node: _node, href, children, ...rest }) => (
    <a {...rest} href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ),
  table: ({ node: _node, children, ...rest }) => (
    <div className="md-table-wrap">
      <table {...rest}>{children}</table>
    </div>
  ),
  // A GFM task item's checkbox is named by its own text: the item's words up to a nested list go inside a <label>.
  li: ({ node: _node, className, children, ...rest }) => {
    if (!className?.includes('task-list-item')) return <li className={className} {...rest}>{children}</li>;
    const parts = Children.toArray(children);
    const nested = parts.findIndex((part) => isValidElement(part) && (part.type === 'ul' || part.type === 'ol'));
    const own = nested === -1 ? parts : parts.slice(0, nested);
    return (
      <li className={className} {...rest}>
        <label className="md-task-label">{own}</label>
        {nested === -1 ? null : parts.slice(nested)}
      </li>
    );
  },
  // Remote images in model output are not loaded: fetching them could leak what the chat says to a third party.
  img: ({ src, alt }) => (
    <a className="md-image-link" href={typeof src === 'string' ? src : undefined} target="_blank" rel="noopener noreferrer">
      {alt || (typeof src === 'string' ? src : '')}
    </a>
  ),
};

// Math first: it replaces math code elements (rendering each formula with KaTeX) before highlight.js looks at code.
const formatMarkdown = createMarkdownFormatter([rehypeMathPlaceholders, rehypeHighlightOnce], components);

// Formatted finished chunks by text: a row scrolled back into a virtualized list, a branch switched back to or a chat
// opened again mounts its chunks anew, and React elements can be mounted any number of times.
const formattedChunks = new Map<string, ReactNode>();
const FORMATTED_LIMIT = 1500;

/**
 * Formats one chunk: parse, GFM, math (KaTeX included), highlighting, React elements.
 * `remember` keeps the result for the next mount (not for a streaming reply's chunks, which change every frame).
 */
function format(text: string, remember: boolean): ReactNode {
  const known = formattedChunks.get(text);
  if (known !== undefined) return known;
  const node = formatMarkdown(prepareMath(text));
  if (remember) {
    if (formattedChunks.size >= FORMATTED_LIMIT) formattedChunks.delete(formattedChunks.keys().next().value ?? '');
    formattedChunks.set(text, node);
  }
  return node;
}

/**
 * One chunk. In a streaming reply (`paced`) formatting is charged to the page's per-task budget; past it the chunk shows
 * its text plain and is formatted in a later task, so a burst of finished chunks never blocks the page in one task.
 */
const Chunk = memo(function Chunk({ text, paced }: { text: string; paced: boolean }) {
  const [woken, wake] = useReducer((n: number) => n + 1, 0);
  // A chunk that had to wait stays paced after the reply ends: formatting the backlog at once is the cost avoided.
  const budgeted = paced || woken > 0;
  const formatted = useMemo(
    () => (!budgeted || formattedChunks.has(text) ? format(text, !paced) : parseBudget.available() ? parseBudget.spend(() => format(text, false)) : undefined),
    // `woken` is the retry: a chunk woken again tries the budget again.
    [text, woken],
  );
  const pending = formatted === undefined;
  useEffect(() => (pending ? parseBudget.whenAvailable(wake) : undefined), [pending, woken]);
  return <div className={pending ? 'md-chunk is-pending' : 'md-chunk'}>{formatted ?? <p className="md-plain">{text}</p>}</div>;
});

/**
 * Chunks per group. A group is the unit of `content-visibility` (the browser checks every such element against the
 * viewport in each frame: with one per chunk that was ~770 checks a frame by the end of a 20,000-token reply, 380-470 ms
 * per reply) and of re-rendering: a finished group is not re-rendered while the reply grows.
 */
const GROUP_SIZE = 24;

/** `GROUP_SIZE` chunks; re-rendered only when one of its chunks changed (in a growing reply, only the last group). */
const ChunkGroup = memo(
  function ChunkGroup({ texts, paced }: { texts: readonly string[]; paced: boolean }) {
    return (
      <div className="md-group">
        {texts.map((text, i) => (
          // Chunks only grow at the end, so the index is a stable key.
          <Chunk key={i} text={text} paced={paced} />
        ))}
      </div>
    );
  },
  (a, b) => a.paced === b.paced && a.texts.length === b.texts.length && a.texts.every((text, i) => text === b.texts[i]),
);

/**
 * Chat Markdown. Finished chunks are memoized and, while streaming, a grown text is re-split only from its last
 * chunks, so a long reply costs one small chunk per update; formatting while streaming keeps to a per-task budget.
 */
export const Markdown = memo(function Markdown({ text, className, streaming = false }: { text: string; className?: string; streaming?: boolean }) {
  const previous = useRef<{ text: string; chunks: TextChunk[] } | undefined>(undefined);
  const chunks = useMemo(() => {
    const next = growChunks(previous.current, text);
    previous.current = { text, chunks: next };
    return next;
  }, [text]);
  // Once streamed, a reply keeps its off-screen chunks skipping layout: each was on screen while it was written, so its
  // size is known; dropping the containment when the reply ends laid out the whole reply in one task.
  const [streamed, setStreamed] = useState(streaming);
  if (streaming && !streamed) setStreamed(true);
  const classes = ['md', streamed ? 'is-streamed' : '', className ?? ''].filter(Boolean).join(' ');
  const groups: string[][] = [];
  chunks.forEach((chunk, i) => {
    if (i % GROUP_SIZE === 0) groups.push([]);
    groups[groups.length - 1]?.push(chunk.text);
  });
  return (
    <div className={classes}>
      {groups.map((texts, g) => (
        // Groups only grow at the end, so the index is a stable key.
        <ChunkGroup key={g} texts={texts} paced={streaming} />
      ))}
    </div>
  );
});

// The first reply of a session would otherwise pay, mid-stream, for compiling the Markdown parser's code paths, KaTeX and
// highlight.js grammars (tens of milliseconds each). Warm them once the app is up: the whole pipeline on a sample just
// after the first paint (before anyone can have typed a message), then one grammar per idle slot of 40 ms or more
// (which never happens while a reply streams).
const WARM_SAMPLE = '# Title\n\nSome **bold** and `code`, a [link](https://example.com), math $x^2$.\n\n$$\n\\frac{a}{b}\n$$\n\n- one\n- [x] two\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n```ts\nconst a: number = 1;\n```\n';
const WARM_LANGUAGES = ['js', 'python', 'bash', 'json', 'html', 'css', 'sql', 'go', 'rust', 'java', 'yaml', 'diff', 'c', 'cpp', 'markdown'];

function warmGrammar(language: string): void {
  const tree = { type: 'root', children: [{ type: 'element', tagName: 'pre', properties: {}, children: [{ type: 'element', tagName: 'code', properties: { className: [`language-${language}`] }, children: [{ type: 'text', value: 'x' }] }] }] };
  // The transformer only reads the tree and reports unknown languages on the file: a minimal stand-in for both.
  (highlightTransform as unknown as (tree: unknown, file: { message: () => void }) => void)(tree, { message: () => undefined });
}

if (typeof window !== 'undefined' && typeof window.requestIdleCallback === 'function') {
  const idle = (run: IdleRequestCallback, options?: IdleRequestOptions): number => window.requestIdleCallback(run, options);
  const nextGrammar = (index: number): void => {
    const language = WARM_LANGUAGES[index];
    if (!language) return;
    idle((deadline) => {
      if (deadline.timeRemaining() < 40) return nextGrammar(index);
      warmGrammar(language);
      nextGrammar(index + 1);
    });
  };
  afterFirstPaint(() => {
    // Parse, GFM, math (KaTeX's first formula in a page took 30-120 ms: code compiled on first use), highlighting and
    // React elements, as a reply's chunk is formatted.
    void formatMarkdown(WARM_SAMPLE);
    nextGrammar(0);
  });
}
