/** The 'completions.complete' host call: checks the server is enabled, ready and offers completions, then asks it. */
import type { CompletionParams, CompletionValues } from '../../../../shared/completions.ts';
import { hostErr, type Result } from '../../../../shared/errors.ts';
import { hostMessage } from '../../../../shared/hostMessages.ts';
import type { McpModuleContext } from '../mcpModuleContext.ts';
import { noServer } from '../serverRefusals.ts';

/** Builds the completion call over the module context. */
export function createCompletionCalls(ctx: McpModuleContext): { 'completions.complete': (params: CompletionParams) => Promise<Result<CompletionValues>> } {
  return {
    'completions.complete': ({ serverId, ...params }) => {
      const server = ctx.server(serverId);
      if (!server) return Promise.resolve(noServer(serverId));
      if ('invalid' in server || server.config.enabled === false) return Promise.resolve(hostErr('server_disabled', hostMessage('completion.notRunning', { server: serverId })));
      const status = ctx.manager.status(serverId);
      if (status?.state !== 'ready') return Promise.resolve(hostErr('server_not_ready', hostMessage('call.notReady', { server: serverId })));
      // Asked only of servers that declare the capability (the window checks it too, before asking at all).
      if (!status.capabilities.completions || !ctx.manager.complete) return Promise.resolve(hostErr('not_implemented', hostMessage('completion.notOffered')));
      return ctx.manager.complete(serverId, params);
    },
  };
}
