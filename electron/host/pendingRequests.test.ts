import { describe, expect, it, vi } from 'vitest';
import { PendingRequests } from './pendingRequests.ts';

describe('PendingRequests', () => {
  it('resolves with the answer and reports every change', async () => {
    const changes: string[][] = [];
    const pending = new PendingRequests<{ id: string }, string>((list) => changes.push(list.map((r) => r.id)));
    const { id, answer } = pending.add((newId) => ({ id: newId }), () => 'cancelled');
    expect(pending.list()).toHaveLength(1);
    expect(pending.answer(id, 'yes')).toBe(true);
    await expect(answer).resolves.toBe('yes');
    expect(pending.answer(id, 'again')).toBe(false);
    expect(changes).toEqual([[id], []]);
  });

  it('times out with the timeout answer', async () => {
    vi.useFakeTimers();
    const pending = new PendingRequests<{ id: string }, string>();
    const { answer } = pending.add((id) => ({ id }), () => 'cancelled', { timeoutMs: 1000, onTimeout: () => 'timed out' });
    vi.advanceTimersByTime(1000);
    await expect(answer).resolves.toBe('timed out');
    vi.useRealTimers();
  });

  it('cancels only the requests of one group, and settles on abort', async () => {
    const pending = new PendingRequests<{ id: string }, string>();
    const a = pending.add((id) => ({ id }), () => 'cancel-a', { group: 'chat-1' });
    const b = pending.add((id) => ({ id }), () => 'cancel-b', { group: 'chat-2' });
    pending.cancelAll('chat-1');
    await expect(a.answer).resolves.toBe('cancel-a');
    expect(pending.list().map((r) => r.id)).toEqual([b.id]);
    const controller = new AbortController();
    const c = pending.add((id) => ({ id }), () => 'cancel-c', { signal: controller.signal, onAbort: () => 'aborted' });
    controller.abort();
    await expect(c.answer).resolves.toBe('aborted');
  });
});
