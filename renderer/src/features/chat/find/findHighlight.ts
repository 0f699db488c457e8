/**
 * Shows the current match in the DOM once its row is rendered: opens the collapsed tool cards that hold the query,
 * marks every occurrence in the message with the CSS Custom Highlight API (no DOM changes under React) and the
 * current one in a stronger color, and scrolls that one to the middle of the list.
 */

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

/** Ranges of the case-insensitive occurrences of `query` in the text under `root`, in document order. */
export function textRanges(root: Element, query: string): Range[] {
  const needle = query.toLowerCase();
  const ranges: Range[] = [];
  if (!needle) return ranges;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const value = (node.nodeValue ?? '').toLowerCase();
    // Lower-casing can change a string's length (rare letters): skip such nodes rather than mark the wrong span.
    if (value.length !== (node.nodeValue ?? '').length) continue;
    for (let at = value.indexOf(needle); at !== -1; at = value.indexOf(needle, at + needle.length)) {
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + needle.length);
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
