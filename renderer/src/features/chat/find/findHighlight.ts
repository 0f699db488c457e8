/**
 * Shows the current match in the DOM once its row is rendered: opens the collapsed tool cards that hold the query,
 * marks every occurrence in the message with the CSS Custom Highlight API (no DOM changes under React) and the
 * current one in a stronger color, and scrolls that one to the middle of the list.
 */

import { textMatchRanges } from '../../../../../shared/textMatch.ts';

const ALL = 'find-match';
const CURRENT = 'find-current';

function highlights(): HighlightRegistry | undefined {
  return typeof CSS !== 'undefined' && 'highlights' in CSS ? CSS.highlights : undefined;
}

/** Removes the find highlights. */
export function clearFindHighlights(): void {
  highlights()?.delete(ALL);
  highlights()?.delete(CURRENT);
}

/** Ranges of the occurrences of `query` in the text under `root`, in document order, matched as countMatches counts them. */
export function textRanges(root: Element, query: string): Range[] {
  const ranges: Range[] = [];
  if (!query) return ranges;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const [start, end] of textMatchRanges(node.nodeValue ?? '', query)) {
      const range = document.createRange();
      range.setStart(node, start);
      range.setEnd(node, end);
      ranges.push(range);
    }
  }
  return ranges;
}

/** Opens the collapsed cards of these tool calls inside `root` (as a click on their header would). */
export function openToolCards(root: Element, toolCallIds: readonly string[]): boolean {
  let opened = false;
  for (const id of toolCallIds) {
    const head = root.querySelector<HTMLButtonElement>(`[aria-controls="${CSS.escape(`tool-body-${id}`)}"][aria-expanded="false"]`);
    if (head) {
      head.click();
      opened = true;
    }
  }
  return opened;
}

/** Marks the occurrences in `root` and scrolls the current one into the middle of `scroller`; false when none is rendered. */
export function showMatch(root: Element, scroller: HTMLElement, query: string, occurrence: number): boolean {
  const ranges = textRanges(root, query);
  const current = ranges[Math.min(occurrence, ranges.length - 1)];
  if (!current) return false;
  const registry = highlights();
  if (registry) {
    registry.set(ALL, new Highlight(...ranges));
    registry.set(CURRENT, new Highlight(current));
  }
  const box = current.getBoundingClientRect();
  const view = scroller.getBoundingClientRect();
  if (box.top < view.top + 40 || box.bottom > view.bottom - 40) scroller.scrollTop += box.top - view.top - view.height / 2;
  return true;
}
