/** A chat's tool scope: which servers and tools it may use. Out-of-scope tools are neither offered nor callable. */
import { hostErr } from '../../../../shared/errors.ts';
import { hostMessage } from '../../../../shared/hostMessages.ts';
import type { ToolScope } from '../../../../shared/chat.ts';
import type { ExposedTool } from '../../../../shared/servers.ts';
import type { ToolCaller } from '../../ports.ts';

/** True when the scope lets a chat use this tool. */
export function inScope(tool: Pick<ExposedTool, 'serverId' | 'toolName'>, scope: ToolScope): boolean {
  if (scope.excludedServers.includes(tool.serverId)) return false;
  return !scope.excludedTools.some((t) => t.serverId === tool.serverId && t.toolName === tool.toolName);
}

/**
 * The chat's view of the tools: listTools and getTool see only tools in scope, so a call the model makes to a tool
 * outside it (a guessed name, or a tool the user took out mid-chat) fails as "not available" and never reaches a server.
 */
export function scopedTools(tools: ToolCaller, scope: () => ToolScope): ToolCaller {
  return {
    listTools: () => {
      const current = scope();
      return tools.listTools().filter((t) => inScope(t, current));
    },
    getTool: (name) => {
      const tool = tools.getTool(name);
      return tool && inScope(tool, scope()) ? tool : undefined;
    },
    approvalVerdict: (name) => tools.approvalVerdict(name),
    setApproval: (...args) => tools.setApproval(...args),
    callTool: (name, args, options) => {
      const tool = tools.getTool(name);
      if (tool && !inScope(tool, scope())) return Promise.resolve(hostErr('tool_not_found', hostMessage('scope.outOfScope', { tool: name })));
      return tools.callTool(name, args, options);
    },
    readResource: (serverId, uri) => tools.readResource(serverId, uri),
    onChange: (listener) => tools.onChange(listener),
  };
}
