/** Pure helpers of the tool scope picker: toggling servers and tools in a scope, and short token counts. */
import type { ToolPlanSummary, ToolScope } from '../../../../../../shared/chat.ts';

/** The scope with every server and tool in. */
export const fullScope: ToolScope = { excludedServers: [], excludedTools: [] };

/** The scope with a server put in or left out. */
export function toggleServer(scope: ToolScope, serverId: string, include: boolean): ToolScope {
  const rest = scope.excludedServers.filter((s) => s !== serverId);
  return { ...scope, excludedServers: include ? rest : [...rest, serverId].sort() };
}

/** The scope with one tool put in or left out. */
export function toggleTool(scope: ToolScope, serverId: string, toolName: string, include: boolean): ToolScope {
  const rest = scope.excludedTools.filter((t) => t.serverId !== serverId || t.toolName !== toolName);
  return { ...scope, excludedTools: include ? rest : [...rest, { serverId, toolName }] };
}

/** A token count as people read it: 950, 3.4K, 120K. */
export function shortTokens(tokens: number): string {
  if (tokens < 1000) return String(tokens);
  return tokens < 100_000 ? `${(tokens / 1000).toFixed(1)}K` : `${Math.round(tokens / 1000)}K`;
}

/**
 * The plan as the user just set it, shown while the host works out the new one: a checkbox that waits for a round
 * trip reads as "the click did nothing" (and keyboard users toggle it twice).
 */
export function markInScope(plan: ToolPlanSummary, serverId: string, toolName: string | undefined, inScope: boolean): ToolPlanSummary {
  return {
    ...plan,
    servers: plan.servers.map((server) => {
      if (server.serverId !== serverId) return server;
      if (toolName === undefined) return { ...server, inScope, tools: server.tools.map((tool) => ({ ...tool, inScope })) };
      return { ...server, tools: server.tools.map((tool) => (tool.toolName === toolName ? { ...tool, inScope } : tool)) };
    }),
  };
}
