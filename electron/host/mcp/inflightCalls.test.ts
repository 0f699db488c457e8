import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InflightCalls } from './inflightCalls.ts';

describe('InflightCalls deadlines', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('times a call out after its delay, restarts the delay on progress, and never while paused', () => {
    const calls = new InflightCalls();
    const call = calls.start(1000, undefined);
    vi.advanceTimersByTime(900);
    call.progressed();
    vi.advanceTimersByTime(900);
    expect(call.controller.signal.aborted).toBe(false);
    call.pause();
    vi.advanceTimersByTime(60_000);
    expect(call.controller.signal.aborted).toBe(false);
    call.resume();
    vi.advanceTimersByTime(999);
    expect(call.controller.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(call.timedOut).toBe(true);
    expect(call.controller.signal.aborted).toBe(true);
  });

  it('keeps one timer for any number of calls, and a finished call never times out', () => {
    const calls = new InflightCalls();
    const started = Array.from({ length: 50 }, (_, i) => calls.start(1000 + i, 'c1'));
    // A timer per call (and one more inside the SDK) was part of what each routed call cost.
    expect(vi.getTimerCount()).toBe(1);
    for (const call of started.slice(0, 49)) calls.finish(call);
    vi.advanceTimersByTime(1000);
    expect(started.slice(0, 49).some((call) => call.controller.signal.aborted)).toBe(false);
    expect(started[49]?.controller.signal.aborted).toBe(false);
    vi.advanceTimersByTime(49);
    expect(started[49]?.timedOut).toBe(true);
    expect(calls.size).toBe(1);
  });

  it('a call with a shorter delay than the ones in flight still times out on time', () => {
    const calls = new InflightCalls();
    const long = calls.start(10_000, undefined);
    const short = calls.start(500, undefined);
    vi.advanceTimersByTime(500);
    expect(short.timedOut).toBe(true);
    expect(long.timedOut).toBe(false);
    vi.advanceTimersByTime(9500);
    expect(long.timedOut).toBe(true);
  });
});

describe('InflightCalls.attribute', () => {
  it('names the chat only when every call in flight belongs to it, and pauses them all until resumed', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      const calls = new InflightCalls();
      const a = calls.start(1000, 'c1');
      expect(calls.attribute()).toMatchObject({ chatId: 'c1', signal: a.controller.signal });
      const b = calls.start(1000, 'c2');
      const mixed = calls.attribute();
      expect(mixed.chatId).toBeUndefined();
      expect(mixed.signal).toBeUndefined();
      const resume = mixed.pause();
      vi.advanceTimersByTime(5000);
      expect([a.timedOut, b.timedOut]).toEqual([false, false]);
      resume();
      // A second resume is ignored: one pause, one resume.
      resume();
      vi.advanceTimersByTime(999);
      expect([a.timedOut, b.timedOut]).toEqual([false, false]);
      vi.advanceTimersByTime(1);
      expect([a.timedOut, b.timedOut]).toEqual([true, true]);
      calls.finish(a);
      calls.finish(b);
      expect(calls.size).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
