/** Applies one frame's worth of host server events ('servers.changed', 'tools.changed', 'server.log') in one update. */
import { ownValue } from '../../../shared/ownRecord.ts';
import { applyServersDelta, type LogLine, type ServersDelta, type ServerView, type ToolsDelta } from '../../../shared/servers.ts';
import { applyToolsDelta, type ToolsByServer } from './toolsDelta.ts';
import { mergeLogs } from './serversSlice.ts';

/** One queued host event of the servers slice. */
export type ServersEvent = { kind: 'servers'; delta: ServersDelta } | { kind: 'tools'; delta: ToolsDelta } | { kind: 'log'; line: LogLine };

/** The part of the store these events change. */
export interface ServersMirror {
  servers: ServerView[];
  toolsByServer: ToolsByServer;
  logs: Record<string, LogLine[]>;
}

/** The mirror after `events`, in order; log lines are merged once per server (a merge sorts the whole log). */
export function applyServersEvents(state: ServersMirror, events: readonly ServersEvent[]): Partial<ServersMirror> {
  let servers = state.servers;
  let toolsByServer = state.toolsByServer;
  const lines = new Map<string, LogLine[]>();
  for (const event of events) {
    if (event.kind === 'servers') servers = applyServersDelta(servers, event.delta);
    else if (event.kind === 'tools') toolsByServer = applyToolsDelta(toolsByServer, event.delta);
    else (lines.get(event.line.serverId) ?? lines.set(event.line.serverId, []).get(event.line.serverId) ?? []).push(event.line);
  }
  let logs = state.logs;
  // A computed key defines an own property even for a server named `__proto__` (an assignment would set the prototype).
  for (const [serverId, incoming] of lines) logs = { ...logs, [serverId]: mergeLogs(ownValue(state.logs, serverId) ?? [], incoming) };
  return { servers, toolsByServer, logs };
}
