/** The tools, resources, prompts and elicitation calls of the MCP module. */
import { hostErr, ok, type Result } from '../../../shared/errors.ts';
import { hostMessage } from '../../../shared/hostMessages.ts';
import { toolSummary, type ExposedTool, type PromptInfo, type ToolSummary } from '../../../shared/servers.ts';
import type { McpCalls } from '../ports.ts';
import type { McpModuleContext } from './mcpModuleContext.ts';
import { invalidServer, noServer } from './serverRefusals.ts';

type CatalogCalls = Pick<McpCalls,
  | 'tools.list' | 'tools.schema' | 'tools.setEnabled' | 'tools.setApproval' | 'resources.list' | 'resources.templates' | 'resources.read'
  | 'prompts.list' | 'prompts.get' | 'elicitations.list' | 'elicitations.answer'>;

/** The renderer's mirror holds no schemas: they are most of a tool's bytes and it asks for one with 'tools.schema'. */
const summaries = (tools: ExposedTool[]): ToolSummary[] => tools.map(toolSummary);
const summarized = (result: Result<ExposedTool[]>): Result<ToolSummary[]> => (result.ok ? ok(summaries(result.value)) : result);

/** Builds the catalog calls over the module context. */
export function createCatalogCalls(ctx: McpModuleContext): CatalogCalls {
  /** Runs `call` for a configured, valid server; otherwise a typed error saying why not. */
  const withServer = <T>(serverId: string, call: () => Promise<Result<T>>): Promise<Result<T>> => {
    const server = ctx.server(serverId);
    if (!server) return Promise.resolve(noServer(serverId));
    if ('invalid' in server) return Promise.resolve(invalidServer(serverId, server.invalid, 'servers.notValid'));
    if (server.config.enabled === false) return Promise.resolve(hostErr('server_disabled', hostMessage('state.disabled', { server: serverId })));
    return call();
  };

  const readyPrompts = (serverId: string): PromptInfo[] | undefined =>
    ctx.manager.status(serverId)?.state === 'ready' ? (ctx.manager.catalog(serverId)?.prompts ?? []) : undefined;

  return {
    'tools.list': () => Promise.resolve(ok(summaries(ctx.registry.listAll()))),
    'tools.schema': ({ serverId, toolName }) => {
      const schemas = ctx.registry.schemaOf(serverId, toolName);
      return Promise.resolve(schemas ? ok(schemas) : hostErr('tool_not_found', hostMessage('servers.noToolNow', { server: serverId, tool: toolName })));
    },
    'tools.setEnabled': async ({ serverId, toolName, enabled }) => summarized(await ctx.registry.setToolEnabled(serverId, toolName, enabled)),
    'tools.setApproval': async ({ serverId, toolName, policy }) => summarized(await ctx.registry.setApproval(serverId, toolName, policy)),

    'resources.list': ({ serverId, cursor }) => withServer(serverId, () => ctx.manager.listResources(serverId, cursor)),
    'resources.templates': ({ serverId }) => withServer(serverId, () => ctx.manager.listResourceTemplates(serverId)),
    'resources.read': ({ serverId, uri }) => withServer(serverId, () => ctx.registry.readResource(serverId, uri)),

    'prompts.list': ({ serverId }) => {
      if (serverId !== undefined) {
        return withServer(serverId, () => {
          const prompts = readyPrompts(serverId);
          return Promise.resolve(prompts ? ok(prompts) : hostErr('server_not_ready', hostMessage('call.notReady', { server: serverId })));
        });
      }
      // Every ready, enabled server's prompts; servers still connecting simply have none yet.
      const all = ctx.views().flatMap((view) => (view.status.state === 'ready' ? (readyPrompts(view.id) ?? []) : []));
      return Promise.resolve(ok(all));
    },
    'prompts.get': ({ serverId, name, arguments: args }) => withServer(serverId, () => ctx.manager.getPrompt(serverId, name, args)),

    'elicitations.list': () => Promise.resolve(ok(ctx.broker.list())),
    'elicitations.answer': ({ id, answer }) =>
      Promise.resolve(ctx.broker.answer(id, answer) ? ok(null) : hostErr('not_found', hostMessage('servers.notWaiting'))),
  };
}
