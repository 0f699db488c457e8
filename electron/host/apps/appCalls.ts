/**
 * The host side of MCP Apps: an app's HTML through the host, and the requests an app makes (tools/call, resources/read)
 * held to its own server and to the same approval policy as the model's tool calls.
 */
import { hostErr, type Result } from '../../../shared/errors.ts';
import { hostMessage } from '../../../shared/hostMessages.ts';
import type { HostApi } from '../../../shared/contract.ts';
import type { ToolResult } from '../../../shared/servers.ts';
import type { ApprovalQueue } from '../chat/approvals.ts';
import type { ToolCaller } from '../ports.ts';
import { AppResourceCache, type AppResourceSource } from './appResources.ts';

/** The calls of this module. */
export type AppsCalls = Pick<HostApi, 'apps.resource' | 'apps.callTool' | 'apps.readResource'>;

/** What the Apps calls need from the rest of the host. */
export interface AppsDeps {
  tools: ToolCaller;
  approvals: ApprovalQueue;
  /** Reads apps' HTML with the server's cache hint and watches it for updates. */
  resources: AppResourceSource;
}

/** The Apps calls plus the hook that drops a server's cached apps when its lists change. */
export interface AppsModule {
  api: AppsCalls;
  /** A server's catalog was refreshed (list_changed, restart): its cached apps are dropped. */
  catalogChanged(serverId: string): void;
}

/** Builds the Apps calls. */
export function createAppsModule(deps: AppsDeps): AppsModule {
  const { tools, approvals } = deps;
  const cache = new AppResourceCache(deps.resources);
  let seq = 0;

  const callTool: AppsCalls['apps.callTool'] = async ({ chatId, toolCallId, serverId, name, arguments: args }): Promise<Result<ToolResult>> => {
    // The lookup is by the app's own server: a name of another server's tool (raw or exposed) finds nothing there.
    // These refusals come before the approval card (the user is not asked about a call that cannot run) and use the
    // registry's own codes (mcp/registry.ts callTool), so an app's call and the model's read the same in every language.
    const tool = tools.toolOf?.(serverId, name);
    if (!tool) return hostErr('tool_not_found', hostMessage('call.noTool', { tool: name }));
    if (tool.ui && !tool.ui.visibility.includes('app')) return hostErr('tool_denied', hostMessage('apps.modelOnly', { tool: name }));
    if (!tool.enabled) return hostErr('tool_disabled', hostMessage('call.toolDisabled', { tool: tool.toolName, server: serverId }));
    const verdict = tools.approvalVerdict(tool.exposedName);
    if (verdict === 'deny') return hostErr('tool_denied', hostMessage('call.toolDenied', { tool: tool.toolName, server: serverId }));
    if (verdict === 'ask') {
      seq += 1;
      const answer = await approvals.ask(
        {
          chatId,
          // Tied to the card whose app asked, so the window shows the approval inside that app's card.
          toolCallId: `${toolCallId}#app-${seq}`,
          serverId,
          toolName: tool.toolName,
          exposedName: tool.exposedName,
          ...(tool.title !== undefined ? { title: tool.title } : {}),
          ...(tool.description !== undefined ? { description: tool.description } : {}),
          ...(tool.fingerprint !== undefined ? { fingerprint: tool.fingerprint } : {}),
          ...(tool.changedSinceApproval ? { changedSinceApproval: true } : {}),
          input: args ?? {},
          destructive: tool.annotations?.readOnlyHint === true ? false : (tool.annotations?.destructiveHint ?? true),
          readOnly: tool.annotations?.readOnlyHint === true,
        },
        new AbortController().signal,
      );
      if (answer === 'deny') return hostErr('tool_denied', hostMessage('chat.toolDeclined'));
      if (answer === 'cancelled') return hostErr('cancelled', hostMessage('apps.stoppedBeforeApproval'));
    }
    return tools.callTool(tool.exposedName, args ?? {}, { chatId, caller: 'app' });
  };

  return {
    api: {
      'apps.resource': ({ serverId, uri }) => cache.get(serverId, uri),
      'apps.callTool': callTool,
      'apps.readResource': ({ serverId, uri }) => tools.readResource(serverId, uri),
    },
    catalogChanged: (serverId) => cache.forget(serverId),
  };
}
