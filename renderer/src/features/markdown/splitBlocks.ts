/**
 * Splits Markdown into top-level chunks that render the same apart as together, so a streaming reply re-renders only
 * its last chunk (each finished chunk is memoized). Chunks carry their start offset so a grown text is re-split only
 * from its last chunk on.
 */

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const LIST_ITEM = /^ {0,3}([-*+]|\d{1,9}[.)])\s/;
const REFERENCE_DEFINITION = /^ {0,3}\[[^\]]+\]:\s/m;
// A display math block (`$$` alone or with meta on its line, or LaTeX's `\[`) keeps its chunk open like a code fence:
// while it streams, its blank lines must not split it, and the open block stays in the live tail.
const MATH_OPEN = /^ {0,3}\$\$[^$]*$/;
const MATH_CLOSE = /^\s*\$\$+\s*$/;
const LATEX_OPEN = /^ {0,3}\\\[/;

/** One chunk and where it starts in the whole text. */
export interface Chunk {
  text: string;
  start: number;
}

/** Splits `text` from `offset` (which must be a chunk start, where no code fence is open). */
export function splitChunks(text: string, offset = 0): Chunk[] {
  const chunks: Chunk[] = [];
  let chunkStart = -1;
  let chunkEnd = -1;
  let fence: string | undefined;
  let math: RegExp | undefined;
  let chunkIsList = false;
  let pendingBlank = false;

  const close = (): void => {
    if (chunkStart >= 0) chunks.push({ text: text.slice(chunkStart, chunkEnd), start: chunkStart });
    chunkStart = -1;
  };

  let pos = offset;
  while (pos <= text.length) {
    const newline = text.indexOf('\n', pos);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(pos, lineEnd);
    const lineStart = pos;
    pos = lineEnd + 1;
    if (fence) {
      chunkEnd = lineEnd;
      const match = FENCE.exec(line);
      if (match?.[1] && match[1][0] === fence[0] && match[1].length >= fence.length && line.trim() === match[1]) fence = undefined;
      continue;
    }
    if (math) {
      chunkEnd = lineEnd;
      if (math.test(line)) math = undefined;
      continue;
    }
    if (line.trim() === '') {
      if (chunkStart >= 0) pendingBlank = true;
      continue;
    }
    if (pendingBlank) {
      pendingBlank = false;
      // An indented line continues the previous block (list item paragraph, indented code); a new item continues a list.
      const continues = /^\s/.test(line) || (chunkIsList && LIST_ITEM.test(line));
      if (!continues) close();
    }
    if (chunkStart < 0) {
      chunkStart = lineStart;
      chunkIsList = LIST_ITEM.test(line);
    }
    chunkEnd = lineEnd;
    const open = FENCE.exec(line);
    if (open?.[1]) fence = open[1];
    else if (MATH_OPEN.test(line)) math = MATH_CLOSE;
    else if (LATEX_OPEN.test(line) && !line.includes('\\]')) math = /\\\]/;
  }
  close();
  return chunks;
}

/** Returns the chunks in order; joining them with blank lines gives back equivalent Markdown. */
export function splitBlocks(text: string): string[] {
  // Reference-style links and footnotes resolve across the whole document: keep such (rare) texts whole.
  if (REFERENCE_DEFINITION.test(text)) return [text];
  return splitChunks(text).map((c) => c.text);
}

/**
 * The chunks of `text`, reusing `previous` (the chunks of an earlier prefix of it). Only the last two chunks are
 * split again: whether a chunk ends depends on the first line of the next one, which may still be growing.
 */
export function growChunks(previous: { text: string; chunks: Chunk[] } | undefined, text: string): Chunk[] {
  if (REFERENCE_DEFINITION.test(text)) return [{ text, start: 0 }];
  const keep = previous ? previous.chunks.length - 2 : -1;
  const from = previous?.chunks[keep];
  if (!previous || keep < 0 || !from || !text.startsWith(previous.text)) return splitChunks(text);
  return [...previous.chunks.slice(0, keep), ...splitChunks(text, from.start)];
}
