/** Tool search blocks in a streamed turn: the API's server_tool_use / tool_search_tool_result pair, and the host's tool_use. */
import type Anthropic from '@anthropic-ai/sdk';
import type { ContentBlock, ToolSearchBlock } from '../../../../shared/chat.ts';
import { hostSearchToolName, queryOf } from './hostSearch.ts';

/** A search block for a starting server_tool_use (the API's tool search) or a tool_use of the host's search; else undefined. */
export function startSearch(block: Anthropic.RawContentBlockStartEvent['content_block']): ToolSearchBlock | undefined {
  const server = block.type === 'server_tool_use' && block.name.startsWith('tool_search_tool_');
  const host = block.type === 'tool_use' && block.name === hostSearchToolName;
  if (!server && !host) return undefined;
  return { type: 'tool_search', id: block.id, by: server ? 'server' : 'host', name: block.name, input: undefined, partialInput: '', query: '', status: 'searching', loaded: [] };
}

/** At the block's end its input is whole: keep it (sent back as is) and its query. A bad input is the model's error. */
export function finishSearchInput(search: ToolSearchBlock): void {
  const raw = search.partialInput ?? '';
  delete search.partialInput;
  try {
    const parsed: unknown = raw.trim() === '' ? {} : JSON.parse(raw);
    search.input = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
  } catch {
    search.input = {};
  }
  search.query = queryOf(search.input);
}

/** Applies the API's tool_search_tool_result to its search block; returns the block's index, or -1 when it has none. */
export function applySearchResult(blocks: ContentBlock[], result: Anthropic.ToolSearchToolResultBlock): number {
  const index = blocks.findIndex((b) => b.type === 'tool_search' && b.id === result.tool_use_id);
  const search = blocks[index];
  if (search?.type !== 'tool_search') return -1;
  if (result.content.type === 'tool_search_tool_search_result') {
    search.loaded = result.content.tool_references.map((r) => r.tool_name);
    search.status = 'done';
  } else {
    search.status = 'error';
    search.errorCode = result.content.error_code;
  }
  return index;
}
