/** Renders chat Markdown (GFM, highlighted code with copy), re-rendering only the chunk that changed while streaming. */
import { memo, useMemo } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import rehypeHighlight from 'rehype-highlight';
import { CodeBlock } from './CodeBlock.tsx';
import { splitBlocks } from './splitBlocks.ts';
import './markdown.css';

const remarkPlugins = [remarkGfm];
const rehypePlugins = [rehypeHighlight];

const components: Components = {
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
  // Remote images in model output are not loaded: fetching them could leak what the chat says to a third party.
  img: ({ src, alt }) => (
    <a className="md-image-link" href={typeof src === 'string' ? src : undefined} target="_blank" rel="noopener noreferrer">
      {alt || (typeof src === 'string' ? src : '')}
    </a>
  ),
};

const Chunk = memo(function Chunk({ text }: { text: string }) {
  return (
    <ReactMarkdown remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins} components={components}>
      {text}
    </ReactMarkdown>
  );
});

/** Chat Markdown. Finished chunks are memoized, so a long streaming reply costs one chunk per update. */
export const Markdown = memo(function Markdown({ text, className }: { text: string; className?: string }) {
  const chunks = useMemo(() => splitBlocks(text), [text]);
  return (
    <div className={className ? `md ${className}` : 'md'}>
      {chunks.map((chunk, i) => (
        // Chunks only grow at the end, so the index is a stable key.
        <Chunk key={i} text={chunk} />
      ))}
    </div>
  );
});
