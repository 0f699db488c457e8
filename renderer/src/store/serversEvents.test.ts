import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { LogLine, ServerView, ToolSummary } from '../../../shared/servers.ts';
import { applyServersEvents, type ServersEvent } from './serversEvents.ts';
import { groupTools } from './toolsDelta.ts';
import { maxLogLines } from './logLines.ts';

const view = (id: string, state: 'connecting' | 'disabled' = 'connecting'): ServerView => ({
  id, config: { command: 'node' }, status: state === 'disabled' ? { state: 'disabled' } : { state: 'connecting', attempt: 1 }, transport: 'stdio',
} as ServerView);
const line = (serverId: string, seq: number): LogLine => ({ serverId, seq, at: seq, stream: 'stderr', text: `line ${seq}` });
const tool = (serverId: string, toolName: string): ToolSummary => ({ exposedName: `${serverId}__${toolName}`, serverId, toolName, enabled: true, approval: 'ask' });
const ids = Array.from({ length: 100 }, (_, i) => `s${i}`);

/** Counts reads of numbered entries or own keys, the work a copy or a scan does. */
function counted<T extends object>(target: T): { value: T; reads: () => number } {
  let reads = 0;
  const value = new Proxy(target, {
    get(t, key, receiver) {
      if (typeof key === 'string' && key !== 'length' && !(key in Array.prototype) && !(key in Object.prototype)) reads++;
      return Reflect.get(t, key, receiver) as unknown;
    },
  });
  return { value, reads: () => reads };
}

describe('applyServersEvents', () => {
  it('folds a frame of 100 status changes into one list, walking the host order once (not once per change)', () => {
    // The host sends the whole order with every delta; each one was walked (and the list rebuilt) per delta.
    const order = counted(ids);
    const events: ServersEvent[] = ids.map((id) => ({ kind: 'servers', delta: { changed: [view(id, 'disabled')], order: order.value } }));
    const next = applyServersEvents({ servers: ids.map((id) => view(id)), toolsByServer: groupTools([]), logs: {} }, events);
    expect(next.servers?.map((s) => s.status.state)).toEqual(ids.map(() => 'disabled'));
    // Before: 100 deltas × 100 ids read (10,000); now the last order once.
    expect(order.reads()).toBeLessThanOrEqual(3 * ids.length);
  });

  it('keeps unchanged views, follows the order of the last delta and drops removed servers', () => {
    const current = ids.slice(0, 3).map((id) => view(id));
    const changed = view('s1', 'disabled');
    const next = applyServersEvents({ servers: current, toolsByServer: groupTools([]), logs: {} }, [
      { kind: 'servers', delta: { changed: [changed], order: ['s0', 's1', 's2'] } },
      { kind: 'servers', delta: { changed: [view('s9')], order: ['s2', 's9', 's1'] } },
    ]);
    expect(next.servers?.map((s) => s.id)).toEqual(['s2', 's9', 's1']);
    expect(next.servers?.[0]).toBe(current[2]);
    expect(next.servers?.[2]).toBe(changed);
  });

  it('appends lines that arrive in order without sorting any log (a frame with a line from each of 100 servers)', () => {
    const logs = Object.fromEntries(ids.map((id) => [id, Array.from({ length: 500 }, (_, i) => line(id, i + 1))]));
    const sort = vi.spyOn(Array.prototype, 'sort');
    onTestFinished(() => sort.mockRestore());
    const next = applyServersEvents({ servers: [], toolsByServer: groupTools([]), logs }, ids.map((id) => ({ kind: 'log', line: line(id, 501) })));
    // Before: each server's whole log went through a map and a sort, every frame it had a line.
    expect(sort).not.toHaveBeenCalled();
    expect(next.logs?.s42?.slice(-2).map((l) => l.seq)).toEqual([500, 501]);
    expect(next.logs?.s7).toHaveLength(501);
  });

  it('still shows the latest lines: appended in order, merged without duplicates when out of order, capped', () => {
    const full = Array.from({ length: maxLogLines }, (_, i) => line('a', i + 1));
    const appended = applyServersEvents({ servers: [], toolsByServer: groupTools([]), logs: { a: full } }, [
      { kind: 'log', line: line('a', maxLogLines + 1) },
      { kind: 'log', line: line('a', maxLogLines + 2) },
    ]).logs?.a;
    expect(appended).toHaveLength(maxLogLines);
    expect(appended?.at(-1)?.seq).toBe(maxLogLines + 2);
    expect(appended?.[0]?.seq).toBe(3);
    const merged = applyServersEvents({ servers: [], toolsByServer: groupTools([]), logs: { a: [line('a', 1), line('a', 3)] } }, [
      { kind: 'log', line: line('a', 2) },
      { kind: 'log', line: line('a', 3) },
      { kind: 'log', line: line('a', 4) },
    ]).logs?.a;
    expect(merged?.map((l) => l.seq)).toEqual([1, 2, 3, 4]);
  });

  it('applies every tool delta of a frame, also two for the same server, and leaves untouched parts out', () => {
    const next = applyServersEvents({ servers: [], toolsByServer: groupTools([tool('a', 'x')]), logs: {} }, [
      { kind: 'tools', delta: { servers: [{ serverId: 'a', upsert: [tool('a', 'y')], remove: [] }] } },
      { kind: 'tools', delta: { servers: [{ serverId: 'a', upsert: [tool('a', 'z')], remove: ['x'] }, { serverId: 'b', upsert: [tool('b', 'q')], remove: [] }] } },
    ]);
    expect(next.toolsByServer?.a?.map((t) => t.toolName)).toEqual(['y', 'z']);
    expect(next.toolsByServer?.b?.map((t) => t.toolName)).toEqual(['q']);
    expect(Object.keys(next)).toEqual(['toolsByServer']);
  });
});
