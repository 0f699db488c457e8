/**
 * Keeps the virtual list's scroll corrections within the list's end (issue 14, sixth look).
 *
 * When a row resizes while the view is at the end, @tanstack/virtual moves the view by the list's whole growth. While
 * the list is shorter than its window (a new chat's first turn: the question, the tool card, the reply's first lines)
 * the view is "at the end" at offset 0, and every growth was added to the offset although there was nothing to scroll:
 * the browser clamped each write, the library's own offset drifted past the real one (217, 290, 324 px while the
 * scroller stayed at 0), and it retried the clamped write after each React commit by reading the scroller's
 * `scrollHeight`, a forced layout of the freshly committed reply. Here a correction stops at the list's end, from the
 * virtualizer's own numbers (no layout read): the view moves only by how much the end moved past the window.
 */
import type { Virtualizer } from '@tanstack/react-virtual';

/** The library's correction (private in its typings): moves the scroll offset by `delta` px. */
type Correcting = { applyScrollAdjustment(delta: number, behavior?: ScrollBehavior): boolean };

/** How far (px) a correction of `delta` may move a view at `offset` in a list of `total` px shown in `viewport` px. */
export function boundedCorrection(delta: number, offset: number, total: number, viewport: number): number {
  if (delta <= 0) return delta;
  const room = Math.max(0, total - viewport) - offset;
  return Math.max(0, Math.min(delta, room));
}

const bounded = new WeakSet<object>();

/** Makes `instance`'s scroll corrections stop at the list's end (once per instance). */
export function boundCorrections(instance: Virtualizer<HTMLDivElement, Element>): void {
  if (bounded.has(instance)) return;
  bounded.add(instance);
  const correcting = instance as unknown as Partial<Correcting>;
  // A library version without this private method keeps its own corrections (clamped and retried, but correct).
  if (typeof correcting.applyScrollAdjustment !== 'function') return;
  const original = correcting.applyScrollAdjustment.bind(instance);
  correcting.applyScrollAdjustment = (delta, behavior) => {
    const allowed = boundedCorrection(delta, instance.scrollOffset ?? 0, instance.getTotalSize(), instance.scrollRect?.height ?? 0);
    // Nothing to move (the list still fits its window): no write, so nothing is clamped and nothing is retried.
    return allowed === 0 ? false : original(allowed, behavior);
  };
}
