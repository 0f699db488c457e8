/**
 * Collects per-tool changes of the registry and pushes them as one 'tools.changed' delta per tick: a burst of
 * status changes (every server connecting at once) costs one message, and each server appears in it once.
 */
import type { ServerToolsDelta, ToolSummary, ToolsDelta } from '../../../shared/servers.ts';

interface Pending {
  upsert: Map<string, ToolSummary>;
  remove: Set<string>;
}

/** The batcher the registry feeds. */
export interface ToolsDeltaBatcher {
  upsert(serverId: string, tool: ToolSummary): void;
  remove(serverId: string, toolName: string): void;
  /** Sends what is pending now (tests, shutdown). */
  flush(): void;
}

/** Builds a batcher that calls `emit` at most once per `schedule` turn (setImmediate by default). */
export function createToolsDeltaBatcher(emit: (delta: ToolsDelta) => void, schedule: (run: () => void) => void = (run) => setImmediate(run)): ToolsDeltaBatcher {
  const pending = new Map<string, Pending>();
  let armed = false;
  const entry = (serverId: string): Pending => {
    let found = pending.get(serverId);
    if (!found) {
      found = { upsert: new Map(), remove: new Set() };
      pending.set(serverId, found);
    }
    if (!armed) {
      armed = true;
      schedule(flush);
    }
    return found;
  };
  function flush(): void {
    armed = false;
    if (pending.size === 0) return;
    const servers: ServerToolsDelta[] = [...pending].map(([serverId, { upsert, remove }]) => ({ serverId, upsert: [...upsert.values()], remove: [...remove] }));
    pending.clear();
    emit({ servers });
  }
  return {
    upsert(serverId, tool) {
      const p = entry(serverId);
      p.remove.delete(tool.toolName);
      p.upsert.set(tool.toolName, tool);
    },
    remove(serverId, toolName) {
      const p = entry(serverId);
      p.upsert.delete(toolName);
      p.remove.add(toolName);
    },
    flush,
  };
}
