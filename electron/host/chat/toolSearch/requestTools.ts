/** The `tools` array of a request from a tool plan, and the blocks a tool search adds to the conversation. */
import type Anthropic from '@anthropic-ai/sdk';
import type { ToolSearchBlock } from '../../../../shared/chat.ts';
import { hostSearchResultText, hostSearchTool, hostSearchToolName, serverSearchTool } from './hostSearch.ts';
import { toolDefinition, type ToolPlan } from './deferralPolicy.ts';

const ephemeral: Anthropic.CacheControlEphemeral = { type: 'ephemeral' };

/** The tools of a plan: the search tool first, then the loaded tools, then (server) the deferred ones; one cache breakpoint after the loaded part. */
export function planToApiTools(plan: ToolPlan): Anthropic.ToolUnion[] {
  const loaded: Anthropic.ToolUnion[] = plan.loaded.map(toolDefinition);
  if (plan.mode === 'server') loaded.unshift({ ...serverSearchTool });
  if (plan.mode === 'host') loaded.unshift(hostSearchTool());
  // Deferred definitions are not part of the cached prompt prefix; the breakpoint goes on the last loaded entry.
  const last = loaded.at(-1);
  if (last) loaded[loaded.length - 1] = { ...last, cache_control: ephemeral };
  const deferred: Anthropic.ToolUnion[] = sendsDeferred(plan) ? plan.deferred.map((tool) => ({ ...toolDefinition(tool), defer_loading: true })) : [];
  return [...loaded, ...deferred];
}

// Deferred tools go out with defer_loading for a search whose results are references: the API's, or the host's with them.
const sendsDeferred = (plan: ToolPlan): boolean => plan.mode === 'server' || plan.references;

/** Names a plan defines for the model (loaded, deferred on the API side, and the search tool). */
export function definedNames(plan: ToolPlan): Set<string> {
  const names = new Set(plan.loaded.map((t) => t.exposedName));
  if (sendsDeferred(plan)) for (const tool of plan.deferred) names.add(tool.exposedName);
  if (plan.mode === 'server') names.add(serverSearchTool.name);
  if (plan.mode === 'host') names.add(hostSearchToolName);
  return names;
}

/** Blocks of a finished search in an assistant turn: the API's pair (server), or the host's tool_use. */
export function searchToAssistant(search: ToolSearchBlock, serverSearch: ReadonlySet<string> | undefined): (Anthropic.ServerToolUseBlockParam | Anthropic.ToolSearchToolResultBlockParam | Anthropic.ToolUseBlockParam)[] {
  if (search.status === 'searching' || search.input === undefined) return [];
  if (search.by === 'host') return [{ type: 'tool_use', id: search.id, name: search.name, input: search.input }];
  // The API's search needs its tool offered, and may only reference tools the request still defines.
  if (!serverSearch?.has(serverSearchTool.name)) return [];
  const content: Anthropic.ToolSearchToolResultBlockParam['content'] =
    search.status === 'error'
      ? { type: 'tool_search_tool_result_error', error_code: toErrorCode(search.errorCode) }
      : { type: 'tool_search_tool_search_result', tool_references: search.loaded.filter((name) => serverSearch.has(name)).map((tool_name) => ({ type: 'tool_reference', tool_name })) };
  return [
    { type: 'server_tool_use', id: search.id, name: serverSearchTool.name, input: search.input },
    { type: 'tool_search_tool_result', tool_use_id: search.id, content },
  ];
}

function toErrorCode(code: string | undefined): Anthropic.ToolSearchToolResultErrorCode {
  return code === 'invalid_tool_input' || code === 'too_many_requests' || code === 'execution_time_exceeded' ? code : 'unavailable';
}

/**
 * The tool_result of a finished host search. With `references` (the tools the request defines, when the plan's host
 * search answers with references) the tools found are `tool_reference` blocks, which the API expands into their
 * definitions, as it does for its own search; only tools the request still defines are referenced, since the API
 * refuses a reference it cannot resolve. Otherwise, and when none is left, the result names them in text.
 */
export function hostSearchResult(search: ToolSearchBlock, references?: ReadonlySet<string>): Anthropic.ToolResultBlockParam {
  // Found tools gone since (a server removed) are neither referenced nor named as callable.
  const found = references ? search.loaded.filter((name) => references.has(name)) : search.loaded;
  const content: Anthropic.ToolResultBlockParam['content'] =
    references && search.status === 'done' && found.length > 0 ? found.map((tool_name) => ({ type: 'tool_reference', tool_name })) : [{ type: 'text', text: hostSearchResultText({ ...search, loaded: found }) }];
  const result: Anthropic.ToolResultBlockParam = { type: 'tool_result', tool_use_id: search.id, content };
  return search.status === 'error' ? { ...result, is_error: true } : result;
}
