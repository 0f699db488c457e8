/** How the app's virtual lists measure their items: from ResizeObserver entries only, never a layout read in React's commit (issue 12). */
import { measureElement as measureFromEntry, type Virtualizer } from '@tanstack/react-virtual';

/**
 * An item's size from its ResizeObserver entry. Without an entry (an item just mounted, measured from its ref) the
 * size known so far is kept: reading it there forced a layout inside React's commit for every batch of new items
 * (and again after each re-render that measuring caused). The observer reports the real sizes of all new items
 * together after the browser's own layout, as one update.
 */
export function measureFromObserver<S extends Element, E extends Element>(element: E, entry: ResizeObserverEntry | undefined, instance: Virtualizer<S, E>): number {
  if (entry) return measureFromEntry(element, entry, instance);
  const index = instance.indexFromElement(element);
  return instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index);
}
