import { describe, expect, it } from 'vitest';
import type { Bridge, CallName, EventName, HostEvents } from '../../../shared/contract.ts';
import { ok, type Result } from '../../../shared/errors.ts';
import type { ServerView, ToolSummary } from '../../../shared/servers.ts';
import { createAppStore } from './index.ts';

/** A host whose list calls wait until the test answers them, and whose events the test emits. */
function fakeHost() {
  const listeners = new Map<EventName, Set<(payload: never) => void>>();
  const answers = new Map<CallName, (value: unknown) => void>();
  const bridge: Bridge = {
    invoke: (name) => new Promise((resolve) => answers.set(name, (value) => resolve(ok(value) as Result<never>))),
    on: (event, listener) => {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
  };
  return {
    bridge,
    emit<E extends EventName>(event: E, payload: HostEvents[E]) {
      for (const l of listeners.get(event) ?? []) (l as (p: HostEvents[E]) => void)(payload);
    },
    answer: (name: CallName, value: unknown) => answers.get(name)?.(value),
  };
}

function manualFrames() {
  const queued: (() => void)[] = [];
  return {
    schedule: (flush: () => void) => {
      queued.push(flush);
      return () => undefined;
    },
    run: () => queued.splice(0).forEach((flush) => flush()),
  };
}

// Two states a server passes through, the second one final for these tests.
const view = (id: string, state: 'connecting' | 'disabled'): ServerView => ({
  id,
  config: { command: 'node' },
  status: state === 'disabled' ? { state: 'disabled' } : { state: 'connecting', since: 1 },
  transport: 'stdio',
});
const tool = (serverId: string, toolName: string): ToolSummary => ({ exposedName: `${serverId}__${toolName}`, serverId, toolName, enabled: true, approval: 'ask' });

describe('servers slice', () => {
  it('applies a burst of server, tool and log events in one store update per frame', () => {
    const host = fakeHost();
    const frames = manualFrames();
    const store = createAppStore();
    store.getState().bindServers(host.bridge, { schedule: frames.schedule });
    let updates = 0;
    store.subscribe(() => (updates += 1));
    const ids = Array.from({ length: 100 }, (_, i) => `s${i}`);
    ids.forEach((id, i) => {
      host.emit('servers.changed', { changed: [view(id, 'connecting')], order: ids.slice(0, i + 1) });
      host.emit('servers.changed', { changed: [view(id, 'disabled')], order: ids.slice(0, i + 1) });
      host.emit('tools.changed', { servers: [{ serverId: id, upsert: [tool(id, 'a'), tool(id, 'b')], remove: [] }] });
      host.emit('server.log', { serverId: id, seq: 1, at: 1, stream: 'stderr', text: `${id} started` });
    });
    expect(updates).toBe(0);
    frames.run();
    expect(updates).toBe(1);
    const state = store.getState();
    expect(state.servers.map((s) => `${s.id}:${s.status.state}`)).toEqual(ids.map((id) => `${id}:disabled`));
    expect(state.toolsByServer.s42?.map((t) => t.toolName)).toEqual(['a', 'b']);
    expect(state.logs.s99?.map((l) => l.text)).toEqual(['s99 started']);
  });

  it('lets the whole list replace events that came before it', async () => {
    const host = fakeHost();
    const frames = manualFrames();
    const store = createAppStore();
    store.getState().bindServers(host.bridge, { schedule: frames.schedule });
    host.emit('servers.changed', { changed: [view('a', 'connecting')], order: ['a'] });
    host.answer('servers.list', [view('a', 'disabled')]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    frames.run();
    expect(store.getState().servers.map((s) => s.status.state)).toEqual(['disabled']);
  });
});
