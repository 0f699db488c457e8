/** Composition root of the host core: wires the MCP and chat modules into one typed HostApi. Never imports electron. */
import { mkdirSync } from 'node:fs';
import { ok } from '../../shared/errors.ts';
import type { HostApi } from '../../shared/contract.ts';
import { HostEventHub } from './events.ts';
import type { HostEnvironment } from './environment.ts';
import type { AppCalls } from './ports.ts';
import { createMcpModule } from './mcp/mcpModule.ts';
import { createChatModule } from './chat/chatModule.ts';

/** A running host core. */
export interface Host {
  api: HostApi;
  events: HostEventHub;
  /** Starts every enabled server; resolves when all have settled. */
  start(): Promise<void>;
  /** Stops chats, closes clients and child processes, closes the database. Idempotent. */
  shutdown(): Promise<void>;
}

/** Builds the host core for one environment (desktop, web mode, tests). */
export async function createHost(env: HostEnvironment): Promise<Host> {
  mkdirSync(env.dataDir, { recursive: true });
  const events = new HostEventHub();
  const mcp = await createMcpModule({ env, events });
  const chat = await createChatModule({ env, events, tools: mcp.tools, elicitations: mcp.elicitations });

  const app: AppCalls = {
    'app.info': () =>
      Promise.resolve(
        ok({ version: env.version, mode: env.mode, dataDir: env.dataDir, platform: process.platform, notices: env.notices ?? [] }),
      ),
    'app.openExternal': async ({ url }) => {
      await env.openExternal(url);
      return ok(null);
    },
  };

  const api: HostApi = { ...mcp.api, ...chat.api, ...app };
  let stopping: Promise<void> | undefined;
  return {
    api,
    events,
    start: () => mcp.start(),
    shutdown: () => {
      stopping ??= (async () => {
        await chat.shutdown();
        await mcp.shutdown();
      })();
      return stopping;
    },
  };
}
