/** The 'completions.complete' host call: checks the server is enabled, ready and offers completions, then asks it. */
import type { CompletionParams, CompletionValues } from '../../../../shared/completions.ts';
import { err, type Result } from '../../../../shared/errors.ts';
import type { McpModuleContext } from '../mcpModuleContext.ts';

/** Builds the completion call over the module context. */
export function createCompletionCalls(ctx: McpModuleContext): { 'completions.complete': (params: CompletionParams) => Promise<Result<CompletionValues>> } {
  return {
    'completions.complete': ({ serverId, ...params }) => {
      const server = ctx.server(serverId);
      if (!server) return Promise.resolve(err('not_found', `No server named "${serverId}"`));
      if ('invalid' in server || server.config.enabled === false) return Promise.resolve(err('server_disabled', `Server "${serverId}" is not running`));
      const status = ctx.manager.status(serverId);
      if (status?.state !== 'ready') return Promise.resolve(err('server_not_ready', `Server "${serverId}" is not ready`));
      // Asked only of servers that declare the capability (the window checks it too, before asking at all).
      if (!status.capabilities.completions || !ctx.manager.complete) return Promise.resolve(err('not_implemented', 'This server does not offer completions.'));
      return ctx.manager.complete(serverId, params);
    },
  };
}
