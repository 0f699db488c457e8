import { afterEach, describe, expect, it, vi } from 'vitest';
import { InflightCalls, pausableTimer } from './toolCall.ts';

describe('pausableTimer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fires after the delay, restarts on reset, and does not fire while paused', () => {
    vi.useFakeTimers();
    const fired = vi.fn();
    const timer = pausableTimer(1000, fired);
    vi.advanceTimersByTime(900);
    timer.reset();
    vi.advanceTimersByTime(900);
    expect(fired).not.toHaveBeenCalled();
    timer.pause();
    vi.advanceTimersByTime(60_000);
    expect(fired).not.toHaveBeenCalled();
    timer.resume();
    vi.advanceTimersByTime(999);
    expect(fired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fired).toHaveBeenCalledTimes(1);
    timer.stop();
  });
});

describe('InflightCalls.attribute', () => {
  it('names the chat only when every call in flight belongs to it, and pauses them all until resumed', async () => {
    const calls = new InflightCalls();
    const timers = [0, 1].map(() => ({ reset: vi.fn(), pause: vi.fn(), resume: vi.fn(), stop: vi.fn() }));
    const signal = new AbortController().signal;
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const a = calls.track({ chatId: 'c1', signal, timer: timers[0]! }, () => gate);
    expect(calls.attribute()).toMatchObject({ chatId: 'c1', signal });
    const b = calls.track({ chatId: 'c2', signal, timer: timers[1]! }, () => gate);
    const mixed = calls.attribute();
    expect(mixed.chatId).toBeUndefined();
    expect(mixed.signal).toBeUndefined();
    const resume = mixed.pause();
    expect(timers.map((t) => t.pause.mock.calls.length)).toEqual([1, 1]);
    resume();
    resume();
    expect(timers.map((t) => t.resume.mock.calls.length)).toEqual([1, 1]);
    release();
    await Promise.all([a, b]);
    expect(calls.size).toBe(0);
  });
});
