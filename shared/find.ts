/**
 * Find in a chat: which text of a message is searched (its text, attachment names, and its tool calls' names,
 * arguments and result text) and how matches are counted. Shared so the host (pages not loaded) and the renderer
 * (loaded messages) count the same way.
 */
import type { ChatMessage } from './chat.ts';
import type { ToolResult } from './servers.ts';

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

/** Case-insensitive, non-overlapping occurrences of `query` in `text` (at most `limit`). */
export function countMatches(text: string, query: string, limit = FIND_MATCH_LIMIT): number {
  const needle = query.toLowerCase();
  if (needle.length === 0) return 0;
  const haystack = text.toLowerCase();
  let count = 0;
  for (let at = haystack.indexOf(needle); at !== -1 && count < limit; at = haystack.indexOf(needle, at + needle.length)) count++;
  return count;
}
