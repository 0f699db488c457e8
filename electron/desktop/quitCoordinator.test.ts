import { describe, expect, it, vi } from 'vitest';
import { createQuitCoordinator } from './quitCoordinator.ts';

describe('createQuitCoordinator', () => {
  it('holds the first quit until the host has shut down, then quits for real once', async () => {
    let finishShutdown: () => void = () => {};
    const shutdown = vi.fn(() => new Promise<void>((resolve) => (finishShutdown = resolve)));
    const quit = vi.fn();
    const coordinator = createQuitCoordinator({ shutdown, quit, timeoutMs: 60_000 });
    expect(coordinator.shouldPreventQuit()).toBe(true);
    expect(coordinator.shouldPreventQuit()).toBe(true); // a second Cmd+Q while closing does not start another shutdown
    expect(shutdown).toHaveBeenCalledOnce();
    expect(quit).not.toHaveBeenCalled();
    finishShutdown();
    await coordinator.done;
    expect(quit).toHaveBeenCalledOnce();
    expect(coordinator.shouldPreventQuit()).toBe(false);
  });

  it('quits anyway when shutdown fails, reporting the failure', async () => {
    const onError = vi.fn();
    const quit = vi.fn();
    const coordinator = createQuitCoordinator({ shutdown: () => Promise.reject(new Error('db locked')), quit, timeoutMs: 60_000, onError });
    coordinator.shouldPreventQuit();
    await coordinator.done;
    expect(onError).toHaveBeenCalledWith(new Error('db locked'));
    expect(quit).toHaveBeenCalledOnce();
  });

  it('quits after the deadline when a server will not stop', async () => {
    vi.useFakeTimers();
    try {
      const quit = vi.fn();
      const coordinator = createQuitCoordinator({ shutdown: () => new Promise<void>(() => {}), quit, timeoutMs: 10_000 });
      coordinator.shouldPreventQuit();
      await vi.advanceTimersByTimeAsync(10_000);
      await coordinator.done;
      expect(quit).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });
});
