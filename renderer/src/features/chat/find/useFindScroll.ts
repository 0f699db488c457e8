/**
 * MessageList's side of find: when the find bar picks a match in a loaded message, scroll the virtualizer to its row
 * (which may not be rendered yet), then, once rendered, open the tool cards holding the query and highlight the match.
 */
import { useEffect, useRef, type RefObject } from 'react';
import type { Virtualizer } from '@tanstack/react-virtual';
import type { ChatMessage } from '../../../../../shared/chat.ts';
import { toolCallsWith } from './findMatches.ts';
import { clearFindHighlights, openToolCards, showMatch } from './findHighlight.ts';
import { useFindStore } from './findStore.ts';

/** Frames to wait for a row to render and settle before giving up on the highlight. */
const MAX_FRAMES = 90;

/**
 * Scrolls `virtualizer` to the find target of `chatId` and highlights it, once the list has `settled` (a list just
 * opened first keeps going to its end for a few frames, which would pull the view away from the match).
 */
export function useFindScroll(chatId: string, messages: readonly ChatMessage[], virtualizer: Virtualizer<HTMLDivElement, Element>, scroller: RefObject<HTMLDivElement | null>, settled: boolean): void {
  const target = useFindStore((s) => (s.chatId === chatId ? s.target : undefined));
  const query = useFindStore((s) => s.query);
  const index = target ? messages.findIndex((m) => m.id === target.messageId) : -1;
  const message = index >= 0 ? messages[index] : undefined;
  // The navigation already shown: older pages loading later (the user scrolling up) must not pull the view back.
  const done = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (!settled || !target || !message || index < 0 || done.current === target.seq) return;
    const seq = target.seq;
    virtualizer.scrollToIndex(index, { align: 'center' });
    let frames = 0;
    let shown = 0;
    let handle = requestAnimationFrame(function step() {
      frames += 1;
      const list = scroller.current;
      const row = list?.querySelector(`[data-message-id="${CSS.escape(message.id)}"]`);
      if (list && row) {
        if (openToolCards(row, toolCallsWith(message, query))) shown = 0;
        else if (showMatch(row, list, query, target.occurrence)) shown += 1;
        else if (frames % 10 === 0) virtualizer.scrollToIndex(index, { align: 'center' });
      } else if (frames % 10 === 0) virtualizer.scrollToIndex(index, { align: 'center' });
      // Row heights are measured as rows render: keep placing the match until it held for a few frames.
      if (shown < 3 && frames < MAX_FRAMES) handle = requestAnimationFrame(step);
      else done.current = seq;
    });
    return () => cancelAnimationFrame(handle);
    // Runs per navigation (target.seq); the index is read fresh when the message list grows (older pages loaded).
  }, [settled, target?.seq, index, message?.id]);

  useEffect(() => clearFindHighlights, []);
  const open = useFindStore((s) => s.chatId === chatId);
  useEffect(() => {
    if (!open) clearFindHighlights();
  }, [open]);
}
