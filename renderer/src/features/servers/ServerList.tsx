/** The configured servers as cards; from a few dozen on, only the cards near the view are rendered. */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import type { ServerView } from '../../../../shared/servers.ts';
import { ServerCard } from './ServerCard.tsx';

/** From this many servers the list is virtualized (below it every card is in the page, as find-in-page expects). */
export const VIRTUALIZE_SERVERS_FROM = 30;
/** A folded card's height before it is measured, gap included. */
const CARD_ESTIMATE = 96;
/** The list's gap between cards (servers.css .sv-list). */
const GAP = 14;

/** Props of ServerList. */
export interface ServerListProps {
  servers: ServerView[];
  onEdit: (server: ServerView) => void;
}

/** Cards in the page's own scroll (the `.page` element around the list). */
function VirtualServerList({ servers, onEdit }: ServerListProps) {
  const list = useRef<HTMLDivElement>(null);
  const [scrollElement, setScrollElement] = useState<HTMLElement | null>(null);
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const node = list.current;
    const page = node?.closest<HTMLElement>('.page') ?? null;
    setScrollElement(page);
    if (node && page) setOffset(node.getBoundingClientRect().top - page.getBoundingClientRect().top + page.scrollTop);
  }, []);
  const virtualizer = useVirtualizer({
    count: servers.length,
    getScrollElement: () => scrollElement,
    estimateSize: () => CARD_ESTIMATE,
    getItemKey: (i) => servers[i]?.id ?? i,
    overscan: 4,
    gap: GAP,
    scrollMargin: offset,
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
            <ServerCard server={server} onEdit={onEdit} />
          </div>
        ) : null;
      })}
    </div>
  );
}

/** The server cards; a card that folds out (tools, log) is measured again, so the ones below move with it. */
export function ServerList({ servers, onEdit }: ServerListProps) {
  if (servers.length >= VIRTUALIZE_SERVERS_FROM) return <VirtualServerList servers={servers} onEdit={onEdit} />;
  return (
    <div className="sv-list">
      {servers.map((server) => (
        <ServerCard key={server.id} server={server} onEdit={onEdit} />
      ))}
    </div>
  );
}
