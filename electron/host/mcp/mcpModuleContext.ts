/** What the MCP module's call handlers share: the servers file, the validated servers, the manager and the registry. */
import type { Result } from '../../../shared/errors.ts';
import type { ServerConfig } from '../../../shared/serverConfig.ts';
import type { ServerView } from '../../../shared/servers.ts';
import type { ElicitationBroker } from '../ports.ts';
import type { ToolRegistry } from './registry.ts';
import type { DocumentChange, ServersDocument } from './serversFile.ts';
import type { ManagedServer, McpServerManager } from './types.ts';

/** Shared state and helpers of the MCP module. */
export interface McpModuleContext {
  manager: McpServerManager;
  registry: ToolRegistry;
  broker: ElicitationBroker;
  /** The current document (last read or written). */
  doc(): ServersDocument;
  /** One configured server, validated, by id. */
  server(id: string): ManagedServer | undefined;
  /** A server's valid config, or undefined when unknown or invalid. */
  config(id: string): ServerConfig | undefined;
  /** The server as the renderer sees it (secrets masked). */
  view(id: string): ServerView | undefined;
  views(): ServerView[];
  /** Writes a change to the servers file, then brings servers, registry and the renderer up to date. */
  change<T>(change: DocumentChange<T>): Promise<Result<T>>;
}
