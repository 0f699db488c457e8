/**
 * The safety net under following a streaming reply without scroll commands (issue 14). The virtual list follows a
 * growing last row by moving the view by each growth, which keeps the distance from the end, whatever it is: a
 * correction the browser clamped and whose retry was lost (seen once in five bench replies) left the view thousands
 * of pixels short for the rest of the reply. While the guard is armed, a view found above the end while a reply
 * streams is put back there, as is one that was at the end when the list's size changed (a reply's last chunks
 * formatted after it ended), and a list window that gets shorter keeps its end in view. When no reply streams, a scroll
 * that is not the user's own input (an app card scrolled into view, assistive technology) is left where it went and
 * stops the following: an idle chat yanked back to its end ate clicks on app cards (apps e2e).
 */
import { useEffect, useRef, type RefObject } from 'react';

/** Keys that scroll a focused scroller (or the page) on their own. */
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' ']);

/** Where the virtual list stands after a change it reports, from its own numbers (no layout read). */
export interface ListView {
  /** Pixels between the view's bottom and the list's end. */
  distance: number;
  /** The list's total size: a change of it, not a scroll, is what an idle list follows. */
  total: number;
  /** The scroll offset that shows the list's end. */
  endOffset: number;
  /** A scroll is under way (the list's scroll events have not settled). */
  scrolling: boolean;
  /** Find is showing a match of this chat (it scrolls to it). */
  finding: boolean;
}

/** What MessageList needs from the guard. */
export interface EndGuard {
  /** Armed: the view follows the end and no user input has moved it since. */
  armed: RefObject<boolean>;
  /** A reply is streaming into the list: any loss of the end is repaired (idle, only one a size change caused). Set by MessageList each render. */
  streaming: RefObject<boolean>;
  /** Call after each change the virtual list reports (a scroll, a row's new size). */
  onListChange(view: ListView): void;
}

/**
 * Tracks the user's own scrolling of `scroller`: any of it disarms the guard until the list sees where it settled
 * (MessageList re-arms it when that is at the end). Focus moving into the list counts (the browser scrolls a focused
 * element into view). Programmatic scrolls are not user input: find disarms the guard itself (MessageList).
 */
export function useEndGuard(scroller: RefObject<HTMLElement | null>, followWithin: number): EndGuard {
  const armed = useRef(false);
  const streaming = useRef(false);
  const userMoved = useRef(false);
  const lastTotal = useRef<number | undefined>(undefined);
  const lastDistance = useRef(0);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const moved = (): void => {
      armed.current = false;
      userMoved.current = true;
    };
    const onKey = (event: KeyboardEvent): void => {
      if (SCROLL_KEYS.has(event.key)) moved();
    };
    // A press on the scroller itself (not a row) is a press on its scrollbar.
    const onPointer = (event: PointerEvent): void => {
      if (event.target === el) moved();
    };
    // The window's own resize, which no row's growth follows. In the observer's callback layout is clean: reading the
    // scroll height there forces nothing.
    const resized =
      typeof ResizeObserver === 'function'
        ? new ResizeObserver(() => {
            if (armed.current && !userMoved.current) el.scrollTop = el.scrollHeight - el.clientHeight;
          })
        : undefined;
    resized?.observe(el);
    const passive = { passive: true } as const;
    el.addEventListener('focusin', moved);
    el.addEventListener('wheel', moved, passive);
    el.addEventListener('touchmove', moved, passive);
    el.addEventListener('keydown', onKey);
    el.addEventListener('pointerdown', onPointer);
    return () => {
      resized?.disconnect();
      el.removeEventListener('focusin', moved);
      el.removeEventListener('wheel', moved);
      el.removeEventListener('touchmove', moved);
      el.removeEventListener('keydown', onKey);
      el.removeEventListener('pointerdown', onPointer);
    };
  }, [scroller]);
  const onListChange = ({ distance, total, endOffset, scrolling, finding }: ListView): void => {
    const grew = lastTotal.current !== undefined && total !== lastTotal.current;
    const wasAtEnd = lastDistance.current <= 1;
    lastTotal.current = total;
    lastDistance.current = distance;
    if (userMoved.current) {
      // The user's own scroll: once it settles, following goes on only if they left the view at (or near) the end.
      if (!scrolling) {
        userMoved.current = false;
        armed.current = distance <= followWithin;
      }
      return;
    }
    // Find scrolls to its matches: following stops until the user comes back to the end.
    if (finding) armed.current = false;
    const el = scroller.current;
    // The usual case, a view at the end, reads and writes nothing; the write is the rare repair of a lost follow.
    if (!el || !armed.current || distance <= 1) return;
    if (streaming.current || (grew && wasAtEnd)) {
      el.scrollTop = endOffset;
      lastDistance.current = 0;
    } else if (!grew && distance > followWithin) armed.current = false;
  };
  return { armed, streaming, onListChange };
}
