/**
 * A new chat's first message list without a layout read in React's commit (issue 14, eighth look).
 *
 * An empty chat shows its greeting where the message list goes. When the first message arrives, the list replaces the
 * greeting and the virtual list reads its scroller's size, then writes its scroll offset, both inside React's commit:
 * each forces a layout of the whole chat view just rendered (15-46 ms profiled in the first flush of a streamed reply),
 * on top of the commit's own script. The greeting's area is the list's area (the same flex slot of the chat view), and
 * its ResizeObserver knows that size without a layout read; it hands the size over to the list that replaces it, in the
 * same commit. The list's first scroll write waits for the next frame's callback, before that frame's layout. The
 * browser then lays the list out in its own frame, and the list's ResizeObserver reports the real size before paint.
 */
import { elementScroll, observeElementRect, type Rect, type Virtualizer } from '@tanstack/react-virtual';

/** The greeting's last observed size, handed over for the length of one commit. */
let handedOver: { chatId: string; size: Rect } | undefined;

/** Called as an empty chat's greeting leaves: its last observed size is the area its replacement gets. */
export function handOverListArea(chatId: string, size: Rect | undefined): void {
  if (!size) return;
  handedOver = { chatId, size };
  // Only for the commit that removed the greeting (its layout effects run before any microtask).
  queueMicrotask(() => {
    handedOver = undefined;
  });
}

/** The size handed over for `chatId` in this commit, if any (taken once). */
function takeListArea(chatId: string): Rect | undefined {
  const found = handedOver?.chatId === chatId ? handedOver.size : undefined;
  handedOver = undefined;
  return found;
}

type ObserveRect = (instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: Rect) => void) => void | (() => void);

/**
 * The virtual list's `observeElementRect` for chat `chatId`: the library's own, except that a list replacing the
 * chat's greeting starts from the greeting's size instead of reading its scroller's; its ResizeObserver (as the
 * library's, reading the size after the browser's layout) corrects it before the first paint if it differs.
 */
export function observeListRect(chatId: string): ObserveRect {
  return (instance, cb) => {
    const seed = takeListArea(chatId);
    const element = instance.scrollElement;
    if (!seed || !element) return observeElementRect(instance, cb);
    cb(seed);
    const observer = new ResizeObserver(() => cb({ width: element.clientWidth, height: element.clientHeight }));
    observer.observe(element, { box: 'content-box' });
    return () => observer.disconnect();
  };
}

type ScrollTo = Virtualizer<HTMLDivElement, Element>['options']['scrollToFn'];

/**
 * The virtual list's `scrollToFn` for one mounted list: the library's own, except that its first write, and any issued
 * before the next animation frame, are applied in that frame's callback (the last one wins). The first write comes in
 * the commit that mounts the list, where it forced a layout of the whole new list (12-21 ms profiled); in the frame's
 * callback, before the frame is laid out and painted, the same write lands in the same first frame.
 */
export function scrollFromFresh(): ScrollTo {
  let state: 'fresh' | 'queued' | 'direct' = 'fresh';
  let queued: (() => void) | undefined;
  return (offset, options, instance) => {
    if (state === 'direct' || options.behavior === 'smooth') return elementScroll(offset, options, instance);
    queued = () => elementScroll(offset, options, instance);
    if (state === 'queued') return;
    state = 'queued';
    requestAnimationFrame(() => {
      state = 'direct';
      queued?.();
      queued = undefined;
    });
  };
}
