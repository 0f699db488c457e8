// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from './afterFirstPaint.ts';

afterEach(() => { vi.useRealTimers(); vi.unstubAllGlobals(); });

describe('afterFirstPaint', () => {
  it('runs once, in a task of its own right after the first frame, not at the end of an idle wait', () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    const run = vi.fn();
    afterFirstPaint(run);
    expect(run).not.toHaveBeenCalled();
    frames.shift()?.(0);
    expect(run).not.toHaveBeenCalled(); // not inside the frame itself
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2000); // the fallback timer does not run it again
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('still runs within a second when no frame comes (a tab opened in the background)', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', () => 0);
    const run = vi.fn();
    afterFirstPaint(run);
    vi.advanceTimersByTime(999);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
