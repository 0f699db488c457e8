/**
 * Find's text (shared/find.ts) read from stored rows: the same text `messageFindText` makes of a loaded message, for
 * the host's searches that read history.db directly (chatFind.ts, chatSnippets.ts, strictFilter.ts).
 */
import { toolCallFindText } from '../../../../shared/find.ts';
import type { ToolResult } from '../../../../shared/servers.ts';
import { json, text, type Row } from '../rows.ts';

/** The find text of one tool_calls row (its tool_name, arguments and result columns). */
export function callRowFindText(row: Row): string {
  // Arguments are stored as JSON.stringify(input): parsing and stringifying again gives the renderer's text.
  return toolCallFindText(text(row, 'tool_name'), json<unknown>(row, 'arguments', undefined), json<ToolResult | undefined>(row, 'result', undefined));
}

/** One message's find text from its stored search_text and its tool calls' find texts, in order. */
export function storedMessageFindText(searchText: string, callTexts: readonly string[]): string {
  return [searchText, ...callTexts].filter((t) => t.length > 0).join('\n');
}
