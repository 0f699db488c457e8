import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFrameBatcher, frameSchedule } from './frameBatcher.ts';

const frames: FrameRequestCallback[] = [];

afterEach(() => {
  frames.length = 0;
  vi.unstubAllGlobals();
});

function stubFrames(): void {
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', (id: number) => {
    frames[id - 1] = () => undefined;
  });
}

describe('frameSchedule', () => {
  it('flushes in a task of its own just after the animation frame, not inside it', async () => {
    stubFrames();
    const applied: number[][] = [];
    const batcher = createFrameBatcher<number>((items) => applied.push(items), frameSchedule);
    batcher.push(1);
    batcher.push(2);
    expect(frames).toHaveLength(1);
    frames[0]?.(0);
    // The frame's own style, layout and paint come after its callbacks, in the same task: the flush must not be there.
    expect(applied).toEqual([]);
    // Well before the 100 ms timer backstop: the task posted by the frame's callback.
    await vi.waitFor(() => expect(applied).toEqual([[1, 2]]), { timeout: 50, interval: 1 });
    batcher.push(3);
    expect(frames).toHaveLength(2);
  });

  it('flushes once even when the timer backstop and the frame both come', async () => {
    stubFrames();
    const flush = vi.fn();
    frameSchedule(flush);
    await new Promise((resolve) => setTimeout(resolve, 120));
    frames[0]?.(0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(flush).toHaveBeenCalledTimes(1);
  });

  it('does not flush after being cancelled', async () => {
    stubFrames();
    const flush = vi.fn();
    const cancel = frameSchedule(flush);
    frames[0]?.(0);
    cancel();
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(flush).not.toHaveBeenCalled();
  });
});
