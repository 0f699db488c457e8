import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Rect, Virtualizer } from '@tanstack/react-virtual';
import { handOverListArea, observeListRect, scrollFromFresh } from './listArea.ts';

type Instance = Virtualizer<HTMLDivElement, Element>;

const frames: FrameRequestCallback[] = [];
const observers: { callback: () => void; observed: Element[] }[] = [];

afterEach(() => {
  frames.length = 0;
  observers.length = 0;
  vi.unstubAllGlobals();
});

function stubBrowser(): void {
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal(
    'ResizeObserver',
    class {
      private readonly entry: { callback: () => void; observed: Element[] };
      constructor(callback: () => void) {
        this.entry = { callback, observed: [] };
        observers.push(this.entry);
      }
      observe(element: Element): void {
        this.entry.observed.push(element);
      }
      disconnect(): void {
        this.entry.observed.length = 0;
      }
    },
  );
}

/** A scroller whose size reads are counted (each is a layout read in a browser) and whose scroll writes are kept. */
function fakeScroller(width: number, height: number) {
  const reads = { count: 0 };
  const writes: number[] = [];
  const element = {
    get clientWidth() {
      reads.count += 1;
      return width;
    },
    get clientHeight() {
      reads.count += 1;
      return height;
    },
    scrollTo: (options: { top: number }) => writes.push(options.top),
  };
  const instance = { scrollElement: element, targetWindow: globalThis, options: { horizontal: false, useAnimationFrameWithResizeObserver: false } } as unknown as Instance;
  return { instance, reads, writes };
}

describe('observeListRect', () => {
  it("starts a list that replaces the chat's greeting from the greeting's size, with no read of its own", () => {
    stubBrowser();
    const { instance, reads } = fakeScroller(800, 700);
    const sizes: Rect[] = [];
    handOverListArea('chat-1', { width: 800, height: 722 });
    observeListRect('chat-1')(instance, (rect) => sizes.push(rect));
    expect(sizes).toEqual([{ width: 800, height: 722 }]);
    expect(reads.count).toBe(0);
    // The list's own observer, after the browser's layout, reports its real size (the composer took 22 px).
    observers[0]?.callback();
    expect(sizes.at(-1)).toEqual({ width: 800, height: 700 });
  });

  it("reads the scroller itself for another chat's list, or once the commit that removed the greeting is over", async () => {
    stubBrowser();
    const sizes: Rect[] = [];
    handOverListArea('chat-1', { width: 800, height: 722 });
    const other = fakeScroller(800, 500);
    observeListRect('chat-2')(other.instance, (rect) => sizes.push(rect));
    expect(sizes).toEqual([{ width: 800, height: 500 }]);
    expect(other.reads.count).toBeGreaterThan(0);

    handOverListArea('chat-1', { width: 800, height: 722 });
    await Promise.resolve();
    const later = fakeScroller(800, 640);
    observeListRect('chat-1')(later.instance, (rect) => sizes.push(rect));
    expect(sizes.at(-1)).toEqual({ width: 800, height: 640 });
  });

  it('hands a size over only once', () => {
    stubBrowser();
    const sizes: Rect[] = [];
    handOverListArea('chat-1', { width: 800, height: 722 });
    observeListRect('chat-1')(fakeScroller(800, 700).instance, (rect) => sizes.push(rect));
    observeListRect('chat-1')(fakeScroller(800, 700).instance, (rect) => sizes.push(rect));
    expect(sizes).toEqual([{ width: 800, height: 722 }, { width: 800, height: 700 }]);
  });
});

describe('scrollFromFresh', () => {
  it("applies the mount's writes in the next frame's callback, the last one winning, and later ones at once", () => {
    stubBrowser();
    const { instance, writes } = fakeScroller(800, 700);
    const scrollTo = scrollFromFresh();
    scrollTo(1200, {}, instance);
    scrollTo(1480, { adjustments: 20 }, instance);
    expect(writes).toEqual([]);
    expect(frames).toHaveLength(1);
    frames[0]?.(0);
    expect(writes).toEqual([1500]);
    scrollTo(1600, {}, instance);
    expect(writes).toEqual([1500, 1600]);
    expect(frames).toHaveLength(1);
  });
});
