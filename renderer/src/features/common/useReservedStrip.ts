/**
 * Publishes the toast strip's height as `--toast-strip-h` on the root element, which the layout reserves: the main
 * area and modal dialogs move down by it (toaster.css), so the strip never sits on anything.
 */
import { useCallback, useEffect, useRef } from 'react';

const property = '--toast-strip-h';

/** A ref for the strip; `occupied` false clears the reservation. */
export function useReservedStrip(occupied: boolean): (element: HTMLElement | null) => void {
  const observer = useRef<ResizeObserver | undefined>(undefined);
  const element = useRef<HTMLElement | null>(null);
  const publish = useCallback(() => {
    const height = occupied && element.current ? Math.ceil(element.current.getBoundingClientRect().height) : 0;
    document.documentElement.style.setProperty(property, `${height}px`);
  }, [occupied]);
  useEffect(() => {
    publish();
  }, [publish]);
  useEffect(
    () => () => {
      document.documentElement.style.removeProperty(property);
    },
    [],
  );
  return useCallback(
    (node: HTMLElement | null) => {
      observer.current?.disconnect();
      element.current = node;
      if (!node || typeof ResizeObserver === 'undefined') return;
      observer.current = new ResizeObserver(() => publish());
      observer.current.observe(node);
    },
    [publish],
  );
}
