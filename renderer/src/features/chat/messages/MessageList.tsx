/**
 * The virtualized message list: only visible rows are in the DOM, it stays pinned to the bottom while a reply streams
 * (unless the user scrolled up), keeps its place when older pages are prepended, and loads them near the top.
 */
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { ArrowDown } from 'lucide-react';
import type { ChatMessage } from '../../../../../shared/chat.ts';
import type { OpenChat } from '../../../store/chatsSlice.ts';
import { useStore } from '../../../store/index.ts';
import { navigate, notifyError } from '../hooks/appActions.ts';
import { MessageItem } from './MessageItem.tsx';
import { TurnNotice } from './TurnNotice.tsx';

type Row = { kind: 'message'; message: ChatMessage } | { kind: 'notice' } | { kind: 'older' };

/** Distance from the top (px) at which the previous page starts loading. */
const LOAD_OLDER_AT = 800;

/** The list of one open chat. */
export function MessageList({ open }: { open: OpenChat }) {
  const { t } = useTranslation('chat');
  const loadOlder = useStore((s) => s.loadOlderMessages);
  const retryChat = useStore((s) => s.retryChat);
  const continueChat = useStore((s) => s.continueChat);
  const scroller = useRef<HTMLDivElement>(null);
  const chatId = open.chat.id;

  const last = open.messages[open.messages.length - 1];
  const lastAssistant = last?.role === 'assistant' ? last : undefined;
  const error = open.run.generating ? undefined : (lastAssistant?.error ?? open.run.error);
  const notice = open.run.generating ? undefined : (lastAssistant?.notice ?? open.run.notice);
  const latestAssistantId = useMemo(() => [...open.messages].reverse().find((m) => m.role === 'assistant')?.id, [open.messages]);

  const rows = useMemo<Row[]>(() => {
    const list: Row[] = open.olderCursor ? [{ kind: 'older' }] : [];
    for (const message of open.messages) list.push({ kind: 'message', message });
    if (error || notice) list.push({ kind: 'notice' });
    return list;
  }, [open.messages, open.olderCursor, error, notice]);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => (rows[i]?.kind === 'message' ? 140 : 64),
    getItemKey: (i) => {
      const row = rows[i];
      return row?.kind === 'message' ? row.message.id : (row?.kind ?? i);
    },
    overscan: 6,
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: 64,
    paddingStart: 16,
    paddingEnd: 24,
  });

  // Open at the latest message.
  useLayoutEffect(() => {
    if (rows.length > 0) virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
    // Only when another chat is shown; afterwards the virtualizer follows appends itself.
  }, [chatId]);

  // A message the user just sent always brings the view down, even if they had scrolled up.
  const lastId = last?.id;
  const lastIsUser = last?.role === 'user';
  useEffect(() => {
    if (lastIsUser) virtualizer.scrollToEnd();
  }, [lastId, lastIsUser, virtualizer]);

  const items = virtualizer.getVirtualItems();
  const offset = virtualizer.scrollOffset ?? 0;
  useEffect(() => {
    if (open.olderCursor && !open.loadingOlder && offset < LOAD_OLDER_AT && rows.length > 0) void loadOlder(chatId);
  }, [offset, open.olderCursor, open.loadingOlder, rows.length, loadOlder, chatId]);

  const atEnd = virtualizer.isAtEnd(120);
  const onRetry = (): void => void retryChat(chatId).then((r) => (r.ok ? undefined : notifyError('chat:toast.retryFailed', r.error)));
  const onContinue = (): void => void continueChat(chatId).then((r) => (r.ok ? undefined : notifyError('chat:toast.continueFailed', r.error)));

  return (
    <div className="chat-list">
      <div className="chat-scroll" ref={scroller} data-testid="chat-scroll">
      <div className="chat-rows" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <div key={item.key} data-index={item.index} ref={virtualizer.measureElement} className="chat-row" style={{ transform: `translateY(${item.start}px)` }}>
              {row.kind === 'message' && <MessageItem message={row.message} latest={row.message.id === latestAssistantId} />}
              {row.kind === 'older' && <div className="chat-older">{open.loadingOlder ? t('list.loadingOlder') : t('list.older')}</div>}
              {row.kind === 'notice' && (
                <TurnNotice {...(error ? { error } : {})} {...(notice ? { notice } : {})} onRetry={onRetry} onContinue={onContinue} onOpenSettings={() => navigate({ view: 'settings' })} />
              )}
            </div>
          );
        })}
      </div>
      </div>
      {!atEnd && rows.length > 0 && (
        <button type="button" className="chat-jump" onClick={() => virtualizer.scrollToEnd({ behavior: 'smooth' })} aria-label={t('list.jumpToLatest')}>
          <ArrowDown size={16} aria-hidden />
        </button>
      )}
    </div>
  );
}
