/** The tool scope calls: set a chat's scope, and preview what its next request sends as tools (for the picker). */
import { hostErr, ok } from '../../../../shared/errors.ts';
import { hostMessage } from '../../../../shared/hostMessages.ts';
import type { ChatMessage, ToolPlanSummary, ToolScope } from '../../../../shared/chat.ts';
import type { Settings } from '../../../../shared/settings.ts';
import type { ChatCalls, ToolCaller } from '../../ports.ts';
import type { ChatRepository } from '../../store/chatRepository.ts';
import { defersTools, planTools, toolDefinition, type ToolKey } from './deferralPolicy.ts';
import { planToApiTools } from './requestTools.ts';
import { inScope } from './scope.ts';
import { estimateTokens } from './tokens.ts';

/** The scope part of the chat module's calls. */
export type ScopeCalls = Pick<ChatCalls, 'chats.setToolScope' | 'chats.toolPlan'>;

// The used and found tools that stay loaded come from the recent history; older turns rarely change the estimate.
const planHistoryLimit = 200;

const chatGone = () => hostErr('not_found', hostMessage('scope.chatGone'));

/**
 * Summarizes the tools a request would send under `scope`. `mostUsed` reads the usage ranking; as in a run, it is read
 * only when the tools in scope are over the budget (under it every tool is sent, and the ranking changes nothing).
 */
export function summarizePlan(input: { tools: ReturnType<ToolCaller['listTools']>; scope: ToolScope; history: ChatMessage[]; settings: Settings; model: string; mostUsed?: () => readonly ToolKey[]; hostReferences?: boolean }): ToolPlanSummary {
  const scoped = input.tools.filter((t) => inScope(t, input.scope));
  const mostUsed = input.mostUsed && defersTools(scoped, input.settings, input.model) ? input.mostUsed() : undefined;
  const plan = planTools({ tools: scoped, history: input.history, settings: input.settings, model: input.model, ...(mostUsed ? { mostUsed } : {}), ...(input.hostReferences ? { hostReferences: true } : {}) });
  const loaded = planToApiTools(plan).filter((t) => !('defer_loading' in t && t.defer_loading));
  const servers = new Map<string, ToolPlanSummary['servers'][number]>();
  for (const tool of input.tools) {
    let server = servers.get(tool.serverId);
    if (!server) {
      server = { serverId: tool.serverId, tools: [], inScope: !input.scope.excludedServers.includes(tool.serverId) };
      servers.set(tool.serverId, server);
    }
    server.tools.push({ toolName: tool.toolName, tokens: estimateTokens(toolDefinition(tool)), inScope: inScope(tool, input.scope) });
  }
  return {
    mode: plan.mode,
    loaded: { tools: loaded.length, tokens: loaded.reduce((sum, t) => sum + estimateTokens(t), 0) },
    deferred: plan.deferred.length,
    servers: [...servers.values()],
    scope: input.scope,
  };
}

/**
 * Builds the scope calls; `mostUsed` reads the usage ranking and never throws (none when it cannot be read);
 * `hostReferences` says whether a base URL takes the host search's references (what the run's requests do).
 */
export function createScopeCalls(deps: { repo: ChatRepository; tools: ToolCaller; settings: () => Settings; chatsChanged: () => void; mostUsed?: () => readonly ToolKey[]; hostReferences?: (baseUrl: string) => boolean }): ScopeCalls {
  const { repo } = deps;
  return {
    'chats.setToolScope': ({ chatId, scope }) => {
      if (!repo.setToolScope(chatId, scope)) return Promise.resolve(chatGone());
      const chat = repo.getChat(chatId);
      deps.chatsChanged();
      return Promise.resolve(chat ? ok(chat) : chatGone());
    },
    'chats.toolPlan': ({ chatId, scope }) => {
      const settings = deps.settings();
      const chat = chatId ? repo.getChat(chatId) : undefined;
      if (chatId && !chat) return Promise.resolve(chatGone());
      const history = chatId ? repo.pageMessages(chatId, planHistoryLimit).messages : [];
      const effective = scope ?? chat?.toolScope ?? settings.defaultToolScope;
      const { mostUsed } = deps;
      const hostReferences = deps.hostReferences?.(settings.apiBaseUrl) ?? false;
      return Promise.resolve(ok(summarizePlan({ tools: deps.tools.listTools(), scope: effective, history, settings, model: chat?.model ?? settings.model, hostReferences, ...(mostUsed ? { mostUsed } : {}) })));
    },
  };
}
