/**
 * Splits Markdown into top-level chunks that render the same apart as together, so a streaming reply re-renders only
 * its last chunk (each finished chunk is memoized).
 */

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const LIST_ITEM = /^ {0,3}([-*+]|\d{1,9}[.)])\s/;
const REFERENCE_DEFINITION = /^ {0,3}\[[^\]]+\]:\s/m;

/** Returns the chunks in order; joining them with blank lines gives back equivalent Markdown. */
export function splitBlocks(text: string): string[] {
  // Reference-style links and footnotes resolve across the whole document: keep such (rare) texts whole.
  if (REFERENCE_DEFINITION.test(text)) return [text];
  const lines = text.split('\n');
  const chunks: string[] = [];
  let current: string[] = [];
  let fence: string | undefined;
  let chunkIsList = false;
  let pendingBlank = false;

  const close = (): void => {
    if (current.length > 0) chunks.push(current.join('\n'));
    current = [];
  };

  for (const line of lines) {
    if (fence) {
      current.push(line);
      const match = FENCE.exec(line);
      if (match?.[1] && match[1][0] === fence[0] && match[1].length >= fence.length && line.trim() === match[1]) fence = undefined;
      continue;
    }
    if (line.trim() === '') {
      if (current.length > 0) pendingBlank = true;
      continue;
    }
    if (pendingBlank) {
      pendingBlank = false;
      // An indented line continues the previous block (list item paragraph, indented code); a new item continues a list.
      const continues = /^\s/.test(line) || (chunkIsList && LIST_ITEM.test(line));
      if (continues) current.push('');
      else close();
    }
    if (current.length === 0) chunkIsList = LIST_ITEM.test(line);
    current.push(line);
    const open = FENCE.exec(line);
    if (open?.[1]) fence = open[1];
  }
  close();
  return chunks;
}
