/**
 * The virtualized message list: only visible rows are in the DOM, it stays pinned to the bottom while a reply streams
 * (unless the user scrolled up), keeps its place when older pages are prepended, and loads them near the top.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { ArrowDown } from 'lucide-react';
import type { ChatMessage } from '../../../../../shared/chat.ts';
import type { OpenChat } from '../../../store/chatsSlice.ts';
import { useStore } from '../../../store/index.ts';
import { navigate, notifyError } from '../hooks/appActions.ts';
import { MessageItem } from './MessageItem.tsx';
import { isUnansweredReply } from '../../../../../shared/branches.ts';
import { TurnNotice } from './TurnNotice.tsx';
import { useFindScroll } from '../find/useFindScroll.ts';

type Row = { kind: 'message'; message: ChatMessage; current: boolean; continued: boolean; failedReplyId?: string } | { kind: 'notice' };

/** Distance from the top (px) at which the previous page starts loading. */
const LOAD_OLDER_AT = 800;

/** The list of one open chat; render it with `key={chatId}`. */
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
  // The current turn (everything after the last user message) keeps its tool cards open.
  const turnStart = useMemo(() => {
    for (let i = open.messages.length - 1; i >= 0; i--) if (open.messages[i]?.role === 'user') return i;
    return -1;
  }, [open.messages]);

  const rows = useMemo<Row[]>(() => {
    // No placeholder row for older pages: the first row must be a message so prepending anchors on it.
    const list: Row[] = [];
    open.messages.forEach((message, index) => {
      const continued = message.role === 'assistant' && open.messages[index - 1]?.role === 'assistant';
      // A message whose reply failed (or was stopped empty) is left out of what the model sees: it shows as failed.
      const reply = message.role === 'user' ? open.messages[index + 1] : undefined;
      const failedReplyId = reply && isUnansweredReply(reply) ? reply.id : undefined;
      list.push({ kind: 'message', message, current: index > turnStart, continued, ...(failedReplyId ? { failedReplyId } : {}) });
    });
    if (error || notice) list.push({ kind: 'notice' });
    return list;
  }, [open.messages, error, notice, turnStart]);

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

  // Open at the latest message. Row heights are estimates until measured, so keep going to the end for a few
  // frames until it holds; older pages load only after that (else the first render at offset 0 would load them).
  const [settled, setSettled] = useState(false);
  useLayoutEffect(() => {
    if (rows.length > 0) virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
    let frames = 0;
    let atEndFor = 0;
    let handle = requestAnimationFrame(function settle() {
      frames += 1;
      if (virtualizer.isAtEnd(4)) atEndFor += 1;
      else {
        atEndFor = 0;
        virtualizer.scrollToEnd();
      }
      if (atEndFor >= 2 || frames > 30) setSettled(true);
      else handle = requestAnimationFrame(settle);
    });
    return () => cancelAnimationFrame(handle);
    // Once per mount: the list is keyed by chat, and afterwards the virtualizer follows appends itself.
  }, []);

  // A message the user just sent always brings the view down, even if they had scrolled up.
  const lastId = last?.id;
  const lastIsUser = last?.role === 'user';
  useEffect(() => {
    if (lastIsUser) virtualizer.scrollToEnd();
  }, [lastId, lastIsUser, virtualizer]);

  useFindScroll(chatId, open.messages, virtualizer, scroller, settled);

  const items = virtualizer.getVirtualItems();
  const offset = virtualizer.scrollOffset ?? 0;
  useEffect(() => {
    if (settled && open.olderCursor && !open.loadingOlder && offset < LOAD_OLDER_AT) void loadOlder(chatId);
  }, [settled, offset, open.olderCursor, open.loadingOlder, loadOlder, chatId]);

  const atEnd = virtualizer.isAtEnd(120);
  const onRetry = (): Promise<void> => retryChat(chatId).then((r) => (r.ok ? undefined : notifyError('chat:toast.retryFailed', r.error)));
  const onContinue = (): Promise<void> => continueChat(chatId).then((r) => (r.ok ? undefined : notifyError('chat:toast.continueFailed', r.error)));

  return (
    <div className="chat-list">
      <div className="chat-scroll" ref={scroller} data-testid="chat-scroll">
      <div className="chat-rows" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <div key={item.key} data-index={item.index} ref={virtualizer.measureElement} className="chat-row" style={{ transform: `translateY(${item.start}px)` }}>
              {row.kind === 'message' && <MessageItem message={row.message} latest={row.current} continued={row.continued} busy={open.run.generating} {...(row.failedReplyId ? { failedReplyId: row.failedReplyId } : {})} />}
              {row.kind === 'notice' && (
                <div className="chat-notice-row">
                  <TurnNotice {...(error ? { error } : {})} {...(notice ? { notice } : {})} onRetry={onRetry} onContinue={onContinue} onOpenSettings={() => navigate({ view: 'settings' })} />
                </div>
              )}
            </div>
          );
        })}
      </div>
      </div>
      {open.loadingOlder && (
        <div className="chat-older" role="status">
          {t('list.loadingOlder')}
        </div>
      )}
      {!atEnd && rows.length > 0 && (
        <button type="button" className="chat-jump" onClick={() => virtualizer.scrollToEnd({ behavior: 'smooth' })} aria-label={t('list.jumpToLatest')}>
          <ArrowDown size={16} aria-hidden />
        </button>
      )}
    </div>
  );
}
