import { afterEach, describe, expect, it } from 'vitest';
import type { PendingElicitation } from '../../../shared/elicitation.ts';
import { ok } from '../../../shared/errors.ts';
import { fakeBridge } from '../features/common/fakeBridge.ts';
import { useStore } from './index.ts';
import { applyElicitationDelta } from './pendingSlice.ts';

const request = (id: string): PendingElicitation => ({ id, serverId: 's', message: id, createdAt: 1, expiresAt: 2, mode: 'url', url: 'https://example.com' });

afterEach(() => {
  useStore.setState({ elicitations: [] });
});

describe('pending elicitations mirror', () => {
  it('applies host deltas: removed ids leave, added requests join once, order kept', () => {
    const list = [request('a'), request('b')];
    expect(applyElicitationDelta(list, { added: [request('c')], removed: ['a'] }).map((e) => e.id)).toEqual(['b', 'c']);
    expect(applyElicitationDelta(list, { added: [request('b')], removed: [] }).map((e) => e.id)).toEqual(['a', 'b']);
    expect(applyElicitationDelta(list, { added: [request('x')], removed: ['x'] }).map((e) => e.id)).toEqual(['a', 'b']);
  });

  it('loads the list once, then follows deltas without asking for the list again', async () => {
    const { bridge, calls, emit } = fakeBridge({ 'elicitations.list': () => ok([request('a')]), 'approvals.list': () => ok([]) });
    const off = useStore.getState().bindPending(bridge);
    await expect.poll(() => useStore.getState().elicitations.map((e) => e.id)).toEqual(['a']);
    emit('elicitations.delta', { added: [request('b'), request('c')], removed: [] });
    emit('elicitations.delta', { added: [], removed: ['a'] });
    expect(useStore.getState().elicitations.map((e) => e.id)).toEqual(['b', 'c']);
    expect(calls.filter((c) => c.name === 'elicitations.list')).toHaveLength(1);
    off();
  });
});
