/**
 * Which tools a request loads and which it defers (progressive tool discovery). Under the budget every tool is sent.
 * Over it, pinned tools, always-load servers, the user's most used tools (across chats, while the budget has room) and
 * the tools this chat already used or found stay loaded; the rest are deferred: sent with defer_loading for the API's
 * tool search ('server') and for Switchboard's own search tool answering with references ('host'), or, for a gateway
 * that refuses those, left out and sent whole once Switchboard's search has named them. The order is deterministic
 * and grows only at the end, so the prompt cache keeps its prefix.
 */
import type Anthropic from '@anthropic-ai/sdk';
import type { ChatMessage } from '../../../../shared/chat.ts';
import type { ExposedTool } from '../../../../shared/servers.ts';
import type { Settings } from '../../../../shared/settings.ts';
import { contextWindowOf } from '../context/modelWindows.ts';
import { estimateTokens } from './tokens.ts';
import { isAnthropicApi } from '../anthropicApi.ts';

/** How tools go out: all of them, or some deferred behind the API's search or the host's. */
export type ToolPlanMode = 'all' | 'server' | 'host';

/** The tools of one request. */
export interface ToolPlan {
  mode: ToolPlanMode;
  /** Sent whole, in this order. */
  loaded: ExposedTool[];
  /** Sent with defer_loading ('server', and 'host' with references) or not at all ('host' without), sorted by name. */
  deferred: ExposedTool[];
  /**
   * 'host' only: the host's search answers with `tool_reference` blocks, which the API resolves against the deferred
   * tools sent with defer_loading (as its own search does); without, it names the tools and they are sent whole.
   */
  references: boolean;
}

/** The settings the policy reads. */
export type ToolPlanSettings = Pick<Settings, 'apiBaseUrl' | 'toolSearch' | 'toolBudgetPercent' | 'toolBudgetCount' | 'alwaysLoadServers' | 'pinnedTools' | 'contextWindow'>;

/** The search in effect: `auto` is the API's own on api.anthropic.com, Switchboard's on any other base URL. */
export function searchMode(settings: Pick<Settings, 'apiBaseUrl' | 'toolSearch'>): 'server' | 'host' | 'off' {
  if (settings.toolSearch !== 'auto') return settings.toolSearch;
  return isAnthropicApi(settings.apiBaseUrl) ? 'server' : 'host';
}

/** The definition as the API receives it (without cache markers): what the token estimate counts. */
export function toolDefinition(tool: ExposedTool): Anthropic.Tool {
  return { name: tool.exposedName, description: tool.description ?? tool.title ?? tool.toolName, input_schema: { ...tool.inputSchema, type: 'object' } };
}

// Per tool object: the registry replaces a tool's object when its definition changes, and every turn asks again.
const definitionTokens = new WeakMap<ExposedTool, number>();

/** Estimated tokens of sending these tools whole. */
export function toolTokens(tools: readonly ExposedTool[]): number {
  let sum = 0;
  for (const tool of tools) {
    let tokens = definitionTokens.get(tool);
    if (tokens === undefined) {
      tokens = estimateTokens(toolDefinition(tool));
      definitionTokens.set(tool, tokens);
    }
    sum += tokens;
  }
  return sum;
}

type BudgetSettings = Pick<Settings, 'toolBudgetPercent' | 'toolBudgetCount' | 'contextWindow'>;

// The token share of the window that tool definitions may take.
const budgetTokens = (settings: BudgetSettings, model: string): number => (contextWindowOf(model, settings.contextWindow) * settings.toolBudgetPercent) / 100;

/** True when sending every tool would exceed the budget (token share of the window, or tool count). */
export function overBudget(tools: ExposedTool[], settings: BudgetSettings, model: string): boolean {
  if (tools.length > settings.toolBudgetCount) return true;
  return toolTokens(tools) > budgetTokens(settings, model);
}

/** True when a request with these tools defers some of them: search is on and sending them all would exceed the budget. */
export function defersTools(tools: ExposedTool[], settings: ToolPlanSettings, model: string): boolean {
  return searchMode(settings) !== 'off' && overBudget(tools, settings, model);
}

/** A tool as the usage counts name it: by server id and tool name, which outlive an exposed name. */
export type ToolKey = Pick<ExposedTool, 'serverId' | 'toolName'>;

/**
 * At most this many of the user's most used tools stay loaded over the budget. The point of deferring is a short list
 * the model chooses from well and a small cached prefix; a handful of habitual tools (a file reader, a search, a
 * shell) saves a search round trip on most requests, while more would rebuild the long list deferral removed. They
 * also get only the room the budget leaves after pinned and always-load tools (`mostUsedLoaded`).
 */
export const mostUsedLimit = 8;

const byName = (a: ExposedTool, b: ExposedTool): number => (a.exposedName < b.exposedName ? -1 : a.exposedName > b.exposedName ? 1 : 0);

const keyOf = (tool: ToolKey): string => `${tool.serverId}\u0000${tool.toolName}`;

/**
 * The most used tools to keep loaded: the first of `ranked` (most calls first) that are among `tools` (the chat's
 * enabled, in-scope tools) and not already `kept`, while kept and picked together stay within the budget, up to
 * `mostUsedLimit`; sorted by name, so the request's bytes do not depend on the counts' order.
 */
export function mostUsedLoaded(tools: readonly ExposedTool[], kept: readonly ExposedTool[], ranked: readonly ToolKey[], settings: BudgetSettings, model: string): ExposedTool[] {
  const byKey = new Map(tools.map((t) => [keyOf(t), t]));
  const taken = new Set(kept);
  const limit = budgetTokens(settings, model);
  let count = kept.length;
  let tokens = toolTokens(kept);
  const picked: ExposedTool[] = [];
  for (const key of ranked) {
    if (picked.length >= mostUsedLimit || count >= settings.toolBudgetCount) break;
    const tool = byKey.get(keyOf(key));
    if (!tool || taken.has(tool)) continue;
    const size = toolTokens([tool]);
    // A large tool that does not fit leaves the room to a smaller, less used one.
    if (tokens + size > limit) continue;
    taken.add(tool);
    picked.push(tool);
    count++;
    tokens += size;
  }
  return picked.sort(byName);
}

/** Exposed names this chat called or found with the host's search, in order of first appearance. */
export function usedInChat(history: ChatMessage[], includeHostSearches: boolean): string[] {
  const seen = new Set<string>();
  for (const message of history) {
    for (const block of message.blocks) {
      if (block.type === 'tool_call') seen.add(block.exposedName);
      else if (block.type === 'tool_search' && block.by === 'host' && includeHostSearches) for (const name of block.loaded) seen.add(name);
    }
  }
  return [...seen];
}

/**
 * Plans the tools of one request. `mostUsed` is the user's ranking across chats (store/toolUsage.ts), read once per run
 * so the loaded set, and the cached prefix, do not change within a run.
 */
export function planTools(input: { tools: ExposedTool[]; history: ChatMessage[]; settings: ToolPlanSettings; model: string; mostUsed?: readonly ToolKey[]; hostReferences?: boolean }): ToolPlan {
  const { settings } = input;
  const sorted = [...input.tools].sort(byName);
  const mode = searchMode(settings);
  // As defersTools, with the mode kept for below.
  if (mode === 'off' || !overBudget(sorted, settings, input.model)) return { mode: 'all', loaded: sorted, deferred: [], references: false };
  const references = mode === 'host' && input.hostReferences === true;

  const pinned = new Set(settings.pinnedTools.map(keyOf));
  const always = new Set(settings.alwaysLoadServers);
  const kept = sorted.filter((t) => always.has(t.serverId) || pinned.has(keyOf(t)));
  // After the pinned and always-load tools, before this chat's: those grow during a run and are appended last.
  const loaded = [...kept, ...mostUsedLoaded(sorted, kept, input.mostUsed ?? [], settings, input.model)];
  const loadedNames = new Set(loaded.map((t) => t.exposedName));
  const byExposed = new Map(sorted.map((t) => [t.exposedName, t]));
  // The API resolves what a search found from the history's references; the host's finds named in text are sent whole.
  for (const name of usedInChat(input.history, mode === 'host' && !references)) {
    const tool = byExposed.get(name);
    if (!tool || loadedNames.has(name)) continue;
    loadedNames.add(name);
    loaded.push(tool);
  }
  return { mode, loaded, deferred: sorted.filter((t) => !loadedNames.has(t.exposedName)), references };
}
