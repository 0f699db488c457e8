/** The configured servers as cards; only the cards near the view are rendered, from the first server on. */
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { ServerView } from '../../../../shared/servers.ts';
import { measureFromObserver } from '../common/measureFromObserver.ts';
import { ServerCard } from './ServerCard.tsx';

/** A folded card's height before it is measured, gap included. */
const CARD_ESTIMATE = 96;
/** The list's gap between cards (servers.css .sv-list). */
const GAP = 14;

/** Props of ServerList. */
export interface ServerListProps {
  servers: ServerView[];
  onEdit: (server: ServerView) => void;
}

/**
 * The server cards in the page's own scroll (the `.page` element around the list); a card that folds out (tools, log)
 * is measured again, so the ones below move with it. Always virtualized: switching over at a threshold remounted
 * every card at once, and 100 servers starting one by one mounted each card as it arrived (issue 12). Memoized: the
 * view renders it with a deferred server list, so a burst of status changes renders here in slices, not in one task.
 */
export const ServerList = memo(function ServerList({ servers, onEdit }: ServerListProps) {
  const list = useRef<HTMLDivElement>(null);
  const [scrollElement, setScrollElement] = useState<HTMLElement | null>(null);
  const [offset, setOffset] = useState(0);
  // The view passes a new edit function on each render; the memoized cards get one that never changes.
  const latestEdit = useRef(onEdit);
  useLayoutEffect(() => {
    latestEdit.current = onEdit;
  });
  const edit = useCallback((server: ServerView) => latestEdit.current(server), []);
  const hasServers = servers.length > 0;
  useLayoutEffect(() => {
    const node = list.current;
    const page = node?.closest<HTMLElement>('.page') ?? null;
    setScrollElement(page);
    if (node && page) setOffset(node.getBoundingClientRect().top - page.getBoundingClientRect().top + page.scrollTop);
    // Measured again when the list stops or starts being empty: the loading line or the empty-state templates above it
    // come and go then. Not on every count: 100 servers added one by one forced a layout each.
  }, [hasServers]);
  const virtualizer = useVirtualizer({
    count: servers.length,
    getScrollElement: () => scrollElement,
    estimateSize: () => CARD_ESTIMATE,
    getItemKey: (i) => servers[i]?.id ?? i,
    // Sizes come from the resize observer, all new cards in one update (measureFromObserver.ts).
    measureElement: measureFromObserver,
    overscan: 4,
    gap: GAP,
    scrollMargin: offset,
    // Scrolling renders in React's own time instead of synchronously from the scroll event.
    useFlushSync: false,
  });
  return (
    <div ref={list} className="sv-list sv-list-virtual" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
      {virtualizer.getVirtualItems().map((item) => {
        const server = servers[item.index];
        return server ? (
          <div
            key={item.key}
            ref={virtualizer.measureElement}
            data-index={item.index}
            className="sv-list-item"
            style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
          >
            <ServerCard server={server} onEdit={edit} />
          </div>
        ) : null;
      })}
    </div>
  );
});
