/**
 * Message row heights for the virtual list: measured heights remembered per message id (a chat opened again or a branch
 * switched back to places its rows right on the first frame, without measuring), and an estimate from the message's
 * content for rows never measured, so the first frame of a chat mounts about the rows that fill the screen.
 */
import type { ChatMessage } from '../../../../../shared/chat.ts';

/** Rows kept: a few long chats' worth; the oldest measurement goes first. */
const LIMIT = 20_000;

/** A measured height and the row width it was measured at (a different width wraps text differently). */
const measured = new Map<string, { width: number; height: number }>();
/** The width of the last row measured: the list's current row width, as far as this module knows. */
let currentWidth: number | undefined;

/** Remembers the height of the row of message `id`, measured at `width` px. */
export function rememberRowHeight(id: string, width: number, height: number): void {
  currentWidth = width;
  if (measured.size >= LIMIT && !measured.has(id)) measured.delete(measured.keys().next().value ?? '');
  measured.set(id, { width, height });
}

/** The remembered height of the row of message `id`, if it was measured at the list's current row width. */
export function knownRowHeight(id: string): number | undefined {
  const known = measured.get(id);
  return known && known.width === currentWidth ? known.height : undefined;
}

/** Forgets every measurement (tests). */
export function forgetRowHeights(): void {
  measured.clear();
  currentWidth = undefined;
}

// Sizes of the row's parts in the default theme (px). The estimate only has to be close: a row's real height replaces
// it in the same frame it is mounted.
const LINE = 24;
const CHARS_PER_LINE = 95;
const USER_ROW = 36;
const ASSISTANT_ROW = 44;
const PARAGRAPH_GAP = 12;
const CODE_BLOCK = 56;
const CODE_LINE = 20;
const TOOL_CARD = 61;
const OTHER_BLOCK = 48;

/** The estimated height of Markdown text: wrapped lines, paragraph gaps, code blocks with their header. */
function textHeight(text: string): number {
  let height = 0;
  let inCode = false;
  for (const line of text.split('\n')) {
    if (line.trimStart().startsWith('```')) {
      height += inCode ? 0 : CODE_BLOCK;
      inCode = !inCode;
    } else if (inCode) height += CODE_LINE;
    else if (line.trim() === '') height += PARAGRAPH_GAP;
    else height += Math.ceil(line.length / CHARS_PER_LINE) * LINE;
  }
  return height;
}

// Per message object: the virtualizer asks for every row's estimate again whenever a measurement changes.
const estimates = new WeakMap<ChatMessage, number>();

/** The estimated height (px) of a message's row before it was ever measured. */
export function estimateRowHeight(message: ChatMessage): number {
  const known = estimates.get(message);
  if (known !== undefined) return known;
  let height = message.role === 'user' ? USER_ROW : ASSISTANT_ROW;
  for (const block of message.blocks) {
    if (block.type === 'text') height += textHeight(block.text);
    else if (block.type === 'tool_call') height += TOOL_CARD;
    else height += OTHER_BLOCK;
  }
  estimates.set(message, height);
  return height;
}
