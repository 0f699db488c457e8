/** The renderer's tool mirror: tool summaries per server, kept up to date by the host's per-server deltas. */
import { nullRecord, ownValue } from '../../../shared/ownRecord.ts';
import type { ToolSummary, ToolsDelta } from '../../../shared/servers.ts';

/** Tool summaries per server id, each list in tool-name order. */
export type ToolsByServer = Record<string, ToolSummary[]>;

const byToolName = (a: ToolSummary, b: ToolSummary): number => (a.toolName < b.toolName ? -1 : a.toolName > b.toolName ? 1 : 0);

/** Groups a whole list (from 'tools.list' or a setting change) by server. */
export function groupTools(tools: ToolSummary[]): ToolsByServer {
  // Null prototype: a server may be named `__proto__` or `constructor`.
  const out: ToolsByServer = nullRecord();
  for (const tool of tools) (ownValue(out, tool.serverId) ?? (out[tool.serverId] = [])).push(tool);
  for (const list of Object.values(out)) list.sort(byToolName);
  return out;
}

/**
 * Applies one push: only the servers it names get a new list (the others keep theirs, so their views do not
 * render again); a server left with no tools is dropped.
 */
export function applyToolsDelta(current: ToolsByServer, delta: ToolsDelta): ToolsByServer {
  if (delta.servers.length === 0) return current;
  const next: ToolsByServer = Object.assign(nullRecord<ToolSummary[]>(), current);
  for (const { serverId, upsert, remove } of delta.servers) {
    // From `next`: a frame's deltas are applied as one, and a server may appear in more than one of them.
    const tools = new Map((ownValue(next, serverId) ?? []).map((tool) => [tool.toolName, tool]));
    for (const toolName of remove) tools.delete(toolName);
    for (const tool of upsert) tools.set(tool.toolName, tool);
    if (tools.size === 0) delete next[serverId];
    else next[serverId] = [...tools.values()].sort(byToolName);
  }
  return next;
}

/** How many tools are switched on across every server. */
export function countEnabledTools(byServer: ToolsByServer): number {
  let count = 0;
  for (const list of Object.values(byServer)) for (const tool of list) if (tool.enabled) count++;
  return count;
}
