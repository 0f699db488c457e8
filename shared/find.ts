/**
 * Find in a chat: which text of a message is searched (its text, attachment names, and its tool calls' names,
 * arguments and result text) and how matches are counted. Shared so the host (pages not loaded) and the renderer
 * (loaded messages) count the same way.
 */
import type { ChatMessage } from './chat.ts';
import type { ToolResult } from './servers.ts';
import { countTextMatches, textMatchRanges } from './textMatch.ts';

/** One message with matches, and how many. */
export interface FindHit {
  messageId: string;
  count: number;
}

/** The messages of a chat's shown branch that match, oldest first. */
export interface FindResult {
  hits: FindHit[];
  /** Matches in all hits. */
  total: number;
  /** True when the search stopped at the match limit. */
  truncated: boolean;
}

/** Most matches one find reports (a one-letter query in a long chat would otherwise list every letter). */
export const FIND_MATCH_LIMIT = 10_000;

/** The text of a tool result a user can read (text parts and embedded text resources), not its JSON wrapping. */
export function toolResultText(result: ToolResult | undefined): string {
  if (!result) return '';
  return result.content
    .map((c) => (c.type === 'text' ? c.text : c.type === 'resource' ? (c.resource.text ?? '') : c.type === 'resource_link' ? c.name : ''))
    .filter((t) => t.length > 0)
    .join('\n');
}

/** The searched text of one tool call. */
export function toolCallFindText(toolName: string, input: unknown, result: ToolResult | undefined): string {
  const args = input === undefined ? '' : JSON.stringify(input);
  return [toolName, args, toolResultText(result)].filter((t) => t.length > 0).join('\n');
}

/** The searched text of one message (the same text the host searches for messages not loaded). */
export function messageFindText(message: ChatMessage): string {
  const parts: string[] = [];
  for (const block of message.blocks) {
    if (block.type === 'text') parts.push(block.text);
    else if (block.type === 'attachment') parts.push(block.name ?? block.uri);
  }
  for (const block of message.blocks) {
    if (block.type === 'tool_call') parts.push(toolCallFindText(block.toolName, block.input, block.result));
  }
  return parts.filter((t) => t.length > 0).join('\n');
}

/** Non-overlapping occurrences of `query` in `text` (at most `limit`): case-insensitive, and diacritic-insensitive for a query typed without diacritics (textMatch.ts). */
export function countMatches(text: string, query: string, limit = FIND_MATCH_LIMIT): number {
  return countTextMatches(text, query, limit);
}

/**
 * Where a chat matched a sidebar search: a short excerpt around the first match in the newest message that has one
 * (on the branch shown if any matches there, else on another version), and the message it is in.
 */
export interface SearchSnippet {
  messageId: string;
  /** Which occurrence of the query in the message's find text (messageFindText) the excerpt shows, as find counts them. */
  occurrence: number;
  /** True when the message is on a version (branch) the chat did not show when searched: opening the hit shows it. */
  hidden: boolean;
  /** The excerpt, with '…' where it was cut. */
  text: string;
  /** Where in the excerpt the match starts and how long it is, for highlighting. */
  matchStart: number;
  matchLength: number;
  /** True when the match is in a tool call (arguments or result), not the message's text. */
  inTool: boolean;
}

/** An excerpt of `text` around the first match of `query` (as find matches: 'ha noi' marks 'Hà Nội'); undefined when there is none. */
export function excerpt(text: string, query: string, before = 30, after = 60): Pick<SearchSnippet, 'text' | 'matchStart' | 'matchLength'> | undefined {
  const [range] = textMatchRanges(text, query);
  if (!range) return undefined;
  const [at, stop] = range;
  const start = Math.max(0, at - before);
  const end = Math.min(text.length, stop + after);
  const head = start > 0 ? '…' : '';
  // Whitespace runs collapse. A match starts and ends with a letter (the query is trimmed), so no run crosses its
  // edges: collapsing the three pieces apart is collapsing the whole, and the match's place is the first piece's length.
  const collapse = (piece: string) => piece.replace(/\s+/g, ' ');
  const lead = collapse(text.slice(start, at));
  const match = collapse(text.slice(at, stop));
  return { text: `${head}${lead}${match}${collapse(text.slice(stop, end))}${end < text.length ? '…' : ''}`, matchStart: head.length + lead.length, matchLength: match.length };
}
