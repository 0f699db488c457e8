/**
 * `tokens`: 30 servers / 600 tools built from the real tool definitions of server-everything, server-filesystem and
 * server-memory (listed once through a real MCP client, then replicated under 30 server names). Measures the tool
 * tokens a request carries with progressive discovery against sending every tool, and the host-side search's
 * recall@5 over a labelled set of user intents (bench/data/tool-intents.json).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChatMessage, ContentBlock, ToolSearchBlock } from '../shared/chat.ts';
import type { ExposedTool } from '../shared/servers.ts';
import { defaultSettings, type Settings } from '../shared/settings.ts';
import { buildRequest } from '../electron/host/chat/requestBuilder.ts';
import { toolDefinition, toolTokens } from '../electron/host/chat/toolSearch/deferralPolicy.ts';
import { hostSearchLimit, hostSearchToolName, runHostSearches } from '../electron/host/chat/toolSearch/hostSearch.ts';
import { ToolIndex } from '../electron/host/chat/toolSearch/toolIndex.ts';
import { estimateTokens } from '../electron/host/chat/toolSearch/tokens.ts';
import { report } from './lib.ts';
import { realToolDefinitions } from './realToolDefinitions.ts';

interface IntentFile {
  servers: string[];
  toolsPerServer: number;
  intents: { intent: string; expected: string }[];
}

const data = JSON.parse(readFileSync(join(import.meta.dirname, 'data', 'tool-intents.json'), 'utf8')) as IntentFile;
const real = await realToolDefinitions();
// Server i offers the real definitions at positions (toolsPerServer * i + j) mod count, under its own name.
const tools: ExposedTool[] = data.servers.flatMap((server, i) =>
  Array.from({ length: data.toolsPerServer }, (_, j) => {
    const tool = real[(data.toolsPerServer * i + j) % real.length];
    if (!tool) throw new Error('no real tools listed');
    return { exposedName: `${server}__${tool.name}`, serverId: server, toolName: tool.name, ...(tool.title ? { title: tool.title } : {}), ...(tool.description ? { description: tool.description } : {}), inputSchema: tool.inputSchema, enabled: true, approval: 'ask' as const };
  }),
);
const names = new Set(tools.map((t) => t.exposedName));
const unknown = data.intents.filter((i) => !names.has(i.expected));
if (unknown.length > 0) throw new Error(`intents expect tools that do not exist: ${unknown.map((i) => i.expected).join(', ')}`);

// Recall@5 of the host-side search.
const index = new ToolIndex(tools);
const misses = data.intents.filter((i) => !index.search(i.intent, hostSearchLimit).some((t) => t.exposedName === i.expected));
for (const miss of misses) console.log(`  miss: "${miss.intent}" -> ${miss.expected}; got ${index.search(miss.intent, hostSearchLimit).map((t) => t.exposedName).join(', ')}`);
const recall = 1 - misses.length / data.intents.length;

// The same intents with the server's name taken out, where any server's copy of the expected tool is a hit: every
// intent names its server (thirty servers share the same real tools), and a name the index matches strongly may carry
// the figure above. This one says how well the descriptions alone lead to the right tool.
const toolOf = (exposedName: string): string => exposedName.slice(exposedName.indexOf('__') + 2);
const serverWords = new RegExp(`\\b(${data.servers.join('|')})\\b`, 'gi');
const unnamed = data.intents.map((i) => ({ intent: i.intent.replace(serverWords, ' ').replace(/\s+/g, ' ').trim(), tool: toolOf(i.expected) }));
const unnamedMisses = unnamed.filter((i) => !index.search(i.intent, hostSearchLimit).some((t) => toolOf(t.exposedName) === i.tool));
for (const miss of unnamedMisses) console.log(`  miss without the server's name: "${miss.intent}" -> ${miss.tool}; got ${index.search(miss.intent, hostSearchLimit).map((t) => t.exposedName).join(', ')}`);
const unnamedRecall = 1 - unnamedMisses.length / unnamed.length;

// Tool tokens per request: everything sent, against progressive discovery after 0, 1 and 3 host searches.
let seq = 0;
const message = (role: 'user' | 'assistant', blocks: ContentBlock[]): ChatMessage => ({ id: `m${++seq}`, chatId: 'bench', role, blocks, status: 'complete', createdAt: seq, updatedAt: seq });
const definitionOf = new Map(tools.map((t) => [t.exposedName, t]));
const requestToolTokens = (history: ChatMessage[], settings: Settings, hostReferences = false): number => {
  const request = buildRequest({ history, tools, settings, model: defaultSettings.model, hostReferences });
  // Deferred definitions are not loaded into the model's context (server mode, host search with references); what a
  // tool_reference in a search's result names is, where the result is: the API expands it into the definition.
  const referenced = request.messages
    .flatMap((m) => (Array.isArray(m.content) ? m.content : []))
    .flatMap((b) => (b.type === 'tool_result' && Array.isArray(b.content) ? b.content : []))
    .flatMap((c) => (c.type === 'tool_reference' ? (definitionOf.get(c.tool_name) ?? []) : []));
  const loaded = (request.tools ?? []).filter((t) => !('defer_loading' in t && t.defer_loading)).reduce((sum, t) => sum + estimateTokens(t), 0);
  return loaded + referenced.reduce((sum, t) => sum + estimateTokens(toolDefinition(t)), 0);
};
const gateway: Settings = { ...defaultSettings, apiBaseUrl: 'http://127.0.0.1:8787' };
const history: ChatMessage[] = [message('user', [{ type: 'text', text: 'Help me with my files and notes.' }])];
const perSearch: number[] = [requestToolTokens(history, gateway)];
const perSearchWithReferences: number[] = [requestToolTokens(history, gateway, true)];
// Three searches for unrelated tools (spread over the intent list), each loading up to five.
for (const intent of [0, 40, 80].flatMap((i) => data.intents[i] ?? [])) {
  const search: ToolSearchBlock = { type: 'tool_search', id: `toolu_${seq}`, by: 'host', name: hostSearchToolName, input: { query: intent.intent }, query: intent.intent, status: 'searching', loaded: [] };
  const answer = message('assistant', [search]);
  runHostSearches(answer, tools);
  history.push(answer, message('user', [{ type: 'text', text: 'go on' }]));
  perSearch.push(requestToolTokens(history, gateway));
  perSearchWithReferences.push(requestToolTokens(history, gateway, true));
}
const allTokens = toolTokens(tools);
const serverTokens = requestToolTokens(history.slice(0, 1), defaultSettings);
const worst = Math.max(...perSearch, ...perSearchWithReferences, serverTokens);

const recallResult = report({
  name: 'tokens-recall',
  metric: `intents whose tool is not in the host search's top ${hostSearchLimit} (misses / intents = 1 - recall@5)`,
  value: misses.length,
  baseline: data.intents.length,
  target: 0.1,
  direction: 'ratio_at_most',
  details: {
    intents: data.intents.length,
    recallAt5: recall,
    misses: misses.map((m) => m.expected),
    withoutServerNames: { recallAt5: unnamedRecall, misses: unnamedMisses.map((m) => m.intent) },
  },
});
const tokenResult = report({
  name: 'tokens',
  metric: `tool tokens per request with discovery (worst of: host mode after 0-3 searches, naming or referencing what it found; server mode) vs all ${tools.length} tools of ${data.servers.length} servers`,
  value: worst,
  baseline: allTokens,
  target: 0.1,
  direction: 'ratio_at_most',
  details: { servers: data.servers.length, tools: tools.length, realDefinitions: real.length, hostModeAfterSearches: perSearch, hostModeWithReferencesAfterSearches: perSearchWithReferences, serverMode: serverTokens, allTools: allTokens, recallAt5: recall, intents: data.intents.length },
});
console.log(`bench tokens: recall@5 ${recall.toFixed(3)} (target >= 0.9; ${unnamedRecall.toFixed(3)} with the servers' names taken out of the intents, any server's copy counting), tool tokens ratio ${tokenResult.ratio.toFixed(4)} (target <= 0.1)`);
process.exitCode = recallResult.met && tokenResult.met ? 0 : 1;
