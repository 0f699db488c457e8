/** The MCP connection manager: one client per configured server (placeholder while the real one is built). */
import type { OAuthClientProvider } from '@modelcontextprotocol/client';
import { err } from '../../../shared/errors.ts';
import type { ServerStatus, TestConnectionReport } from '../../../shared/servers.ts';
import type { HostEnvironment } from '../environment.ts';
import type { ElicitationBroker } from '../ports.ts';
import type { McpServerManager, ServerManagerListener } from './types.ts';

/** What the manager needs: the environment, the elicitation broker, where to report, and an optional OAuth seam. */
export interface ServerManagerDeps {
  env: HostEnvironment;
  broker: ElicitationBroker;
  listener: ServerManagerListener;
  authProvider?: (serverId: string) => OAuthClientProvider | undefined;
}

/** Builds the manager. */
export function createServerManager(_deps: ServerManagerDeps): McpServerManager {
  const notReady = (): ServerStatus => ({ state: 'error', message: 'The connection manager is not implemented yet', code: 'not_implemented', stderrTail: [], at: Date.now() });
  const report = (): Promise<TestConnectionReport> => Promise.resolve({ status: notReady(), tools: [], resources: 0, prompts: 0, stderrTail: [] });
  const nope = () => Promise.resolve(err('not_implemented', 'The connection manager is not implemented yet'));
  return {
    setServers: () => {},
    whenSettled: () => Promise.resolve(),
    status: () => undefined,
    catalog: () => undefined,
    restart: nope,
    logs: () => [],
    callTool: nope,
    listResources: nope,
    listResourceTemplates: nope,
    readResource: nope,
    getPrompt: nope,
    testConnection: report,
    shutdown: () => Promise.resolve(),
  };
}
