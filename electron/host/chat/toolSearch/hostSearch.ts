/**
 * Switchboard's own tool search, for gateways without the API's: an ordinary tool the model calls with a query; the
 * host ranks the deferred tools with BM25 and answers with the best ones, as `tool_reference` blocks the API expands,
 * or, where those are refused, by name, loading them into the next request (requestTools.ts, referenceRefusal.ts).
 */
import type Anthropic from '@anthropic-ai/sdk';
import type { ChatMessage, ToolSearchBlock } from '../../../../shared/chat.ts';
import type { ExposedTool } from '../../../../shared/servers.ts';
import { ToolIndex } from './toolIndex.ts';

/** The host search tool's name; registry names always carry a `__` separator, so it cannot collide with one. */
export const hostSearchToolName = 'search_tools';

/** The API's BM25 tool search tool. */
export const serverSearchTool: Anthropic.ToolSearchToolBm25_20251119 = { type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' };

/** How many tools one host search loads. */
export const hostSearchLimit = 5;

/** The host search tool's definition. */
export function hostSearchTool(): Anthropic.Tool {
  return {
    name: hostSearchToolName,
    description:
      'Search the tools you have not been given yet. Many more tools are available than are listed; when none of the listed tools fits the task, call this with a few keywords describing what you need (an action and its object, e.g. "read file" or "create github issue"). The best matches are added to your tools for your next step.',
    input_schema: {
      type: 'object',
      properties: { query: { type: 'string', description: 'Keywords describing the tool you need.' } },
      required: ['query'],
    },
  };
}

/** The query of a search's input (both searches take `query`). */
export function queryOf(input: unknown): string {
  if (input && typeof input === 'object' && 'query' in input && typeof input.query === 'string') return input.query;
  return '';
}

/**
 * Runs the host searches of a finished assistant message over the chat's tools; returns the searches it ran. `tools`
 * is asked only when there is a search to run (listing a chat's tools walks the registry and its scope, every turn).
 */
export function runHostSearches(message: ChatMessage, tools: ExposedTool[] | (() => ExposedTool[])): ToolSearchBlock[] {
  const searches = message.blocks.filter((b): b is ToolSearchBlock => b.type === 'tool_search' && b.by === 'host' && b.status === 'searching');
  if (searches.length === 0) return [];
  const index = new ToolIndex(typeof tools === 'function' ? tools() : tools);
  for (const search of searches) {
    if (search.input === undefined || search.query.trim() === '') {
      search.status = 'error';
      search.errorCode = 'invalid_tool_input';
      continue;
    }
    search.loaded = index.search(search.query, hostSearchLimit).map((t) => t.exposedName);
    search.status = 'done';
  }
  return searches;
}

/** What the model reads as the host search's result. */
export function hostSearchResultText(search: ToolSearchBlock): string {
  if (search.status === 'error') return 'The search needs a non-empty "query" string.';
  if (search.loaded.length === 0) return `No tools matched "${search.query}". Try other keywords.`;
  return `These tools are now in your tool list and can be called: ${search.loaded.join(', ')}.`;
}
