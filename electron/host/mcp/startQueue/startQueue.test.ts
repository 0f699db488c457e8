import { describe, expect, it } from 'vitest';
import { StartQueue } from './startQueue.ts';

describe('StartQueue', () => {
  it('never runs more than the limit at once and admits waiters in order as permits are released', async () => {
    const queue = new StartQueue(2);
    const never = new AbortController().signal;
    const order: number[] = [];
    const permits = [1, 2, 3, 4].map((n) => queue.acquire(never).then((release) => (order.push(n), release)));
    await Promise.resolve();
    await Promise.resolve();
    expect(queue.active).toBe(2);
    expect(queue.waiting).toBe(2);
    const [first] = await Promise.all(permits.slice(0, 2));
    first?.();
    first?.(); // a second release of the same permit changes nothing
    await permits[2];
    expect(queue.active).toBe(2);
    expect(queue.waiting).toBe(1);
    expect(order).toEqual([1, 2, 3]);
  });

  it('an aborted waiter (server disabled while queued) leaves the queue and gets no permit', async () => {
    const queue = new StartQueue(1);
    const release = await queue.acquire(new AbortController().signal);
    const cancel = new AbortController();
    const waiting = queue.acquire(cancel.signal);
    expect(queue.waiting).toBe(1);
    cancel.abort();
    expect(await waiting).toBeUndefined();
    expect(queue.waiting).toBe(0);
    release?.();
    expect(queue.active).toBe(0);
  });

  it('close (shutdown) drains waiters without granting anything, and grants nothing later', async () => {
    const queue = new StartQueue(1);
    await queue.acquire(new AbortController().signal);
    const waiters = [queue.acquire(new AbortController().signal), queue.acquire(new AbortController().signal)];
    queue.close();
    expect(await Promise.all(waiters)).toEqual([undefined, undefined]);
    expect(await queue.acquire(new AbortController().signal)).toBeUndefined();
    expect(queue.active).toBe(1);
  });

  it('a limit of 0 means about two per core, and raising the limit admits waiters at once', async () => {
    expect(new StartQueue(0).hasRoom).toBe(true);
    const queue = new StartQueue(1);
    const never = new AbortController().signal;
    await queue.acquire(never);
    const second = queue.acquire(never);
    queue.setLimit(2);
    expect(typeof (await second)).toBe('function');
  });

  it('reads the limit from the setting at each admission, so a change applies without a restart', async () => {
    let setting = 1;
    const queue = new StartQueue(() => setting);
    const never = new AbortController().signal;
    const first = await queue.acquire(never);
    expect(queue.hasRoom).toBe(false);
    setting = 3;
    expect(queue.hasRoom).toBe(true);
    first?.();
  });
});
