/**
 * Applies one frame's worth of host server events ('servers.changed', 'tools.changed', 'server.log') in one update.
 * Allocation per frame is what the page pays for later (garbage collection in the long tasks while 100 servers
 * start): each kind of event is folded once per frame, not once per event, so the server list, the tool record and
 * the log record are each copied at most once per frame, and log lines arriving in order are appended, not re-sorted.
 */
import { nullRecord, ownValue } from '../../../shared/ownRecord.ts';
import type { LogLine, ServersDelta, ServerToolsDelta, ServerView, ToolsDelta } from '../../../shared/servers.ts';
import { applyToolsDelta, type ToolsByServer } from './toolsDelta.ts';
import { appendLogLines } from './logLines.ts';

/** One queued host event of the servers slice. */
export type ServersEvent = { kind: 'servers'; delta: ServersDelta } | { kind: 'tools'; delta: ToolsDelta } | { kind: 'log'; line: LogLine };

/** The part of the store these events change. */
export interface ServersMirror {
  servers: ServerView[];
  toolsByServer: ToolsByServer;
  logs: Record<string, LogLine[]>;
}

/**
 * The list in `order`, with `changed` views replacing the current ones (unchanged views stay the same objects). When
 * the order is the current one (a status change), one copy with the changed entries replaced.
 */
function foldServers(current: readonly ServerView[], changed: ReadonlyMap<string, ServerView>, order: readonly string[]): ServerView[] {
  if (order.length === current.length && order.every((id, i) => current[i]?.id === id)) {
    return current.map((view) => changed.get(view.id) ?? view);
  }
  const byId = new Map(current.map((view) => [view.id, view]));
  for (const [id, view] of changed) byId.set(id, view);
  return order.flatMap((id) => byId.get(id) ?? []);
}

/** The mirror after `events`, in order: only the parts they change, each built once. */
export function applyServersEvents(state: ServersMirror, events: readonly ServersEvent[]): Partial<ServersMirror> {
  const changed = new Map<string, ServerView>();
  let order: readonly string[] | undefined;
  const toolDeltas: ServerToolsDelta[] = [];
  const lines = new Map<string, LogLine[]>();
  for (const event of events) {
    if (event.kind === 'servers') {
      for (const view of event.delta.changed) changed.set(view.id, view);
      order = event.delta.order;
    } else if (event.kind === 'tools') toolDeltas.push(...event.delta.servers);
    else {
      const list = lines.get(event.line.serverId);
      if (list) list.push(event.line);
      else lines.set(event.line.serverId, [event.line]);
    }
  }
  const next: Partial<ServersMirror> = {};
  if (order) next.servers = foldServers(state.servers, changed, order);
  if (toolDeltas.length > 0) next.toolsByServer = applyToolsDelta(state.toolsByServer, { servers: toolDeltas });
  if (lines.size > 0) {
    // One copy of the record per frame; null prototype so a server named `__proto__` is an ordinary key.
    const logs: Record<string, LogLine[]> = Object.assign(nullRecord<LogLine[]>(), state.logs);
    for (const [serverId, incoming] of lines) logs[serverId] = appendLogLines(ownValue(state.logs, serverId) ?? [], incoming);
    next.logs = logs;
  }
  return next;
}
