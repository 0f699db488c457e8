/** The MCP module: placeholder until the connection layer lands. */
import type { HostEventHub } from '../events.ts';
import type { HostEnvironment } from '../environment.ts';
import type { McpModule } from '../ports.ts';
import { notImplementedCalls } from '../notImplemented.ts';

/** Builds the MCP module (connections, registry, config, elicitation broker). */
export function createMcpModule(_deps: { env: HostEnvironment; events: HostEventHub }): Promise<McpModule> {
  throw new Error('not implemented');
}

void notImplementedCalls;
