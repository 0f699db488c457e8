/** One catalog tool as the registry exposes it: its unique name, its per-tool settings and its approval state. */
import type { ToolSettings } from '../../../shared/serverConfig.ts';
import type { ExposedTool } from '../../../shared/servers.ts';
import { changedSinceApproval } from './toolFingerprint.ts';
import type { ServerTool } from './types.ts';

/** Builds the exposed tool from what the server sent, the user's settings for it and its definition's fingerprint. */
export function exposedTool(serverId: string, tool: ServerTool, exposedName: string, own: ToolSettings, fingerprint: string): ExposedTool {
  const changed = own.approval === 'always_allow' && changedSinceApproval(own.approvedHash, fingerprint);
  return {
    exposedName,
    serverId,
    toolName: tool.name,
    ...(tool.title !== undefined ? { title: tool.title } : {}),
    ...(tool.description !== undefined ? { description: tool.description } : {}),
    inputSchema: tool.inputSchema,
    ...(tool.outputSchema !== undefined ? { outputSchema: tool.outputSchema } : {}),
    ...(tool.annotations !== undefined ? { annotations: tool.annotations } : {}),
    ...(tool.icon !== undefined ? { icon: tool.icon } : {}),
    ...(tool.ui !== undefined ? { ui: tool.ui } : {}),
    enabled: own.enabled !== false,
    approval: own.approval ?? 'ask',
    fingerprint,
    ...(changed ? { changedSinceApproval: true } : {}),
  };
}
