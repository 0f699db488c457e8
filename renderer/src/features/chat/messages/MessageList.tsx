/**
 * The virtualized message list: only visible rows are in the DOM, it stays pinned to the bottom while a reply streams
 * (unless the user scrolled up), keeps its place when older pages are prepended, and loads them near the top.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
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
import { estimateRowHeight, knownRowHeight, rememberRowHeight } from './rowHeights.ts';
import { RowTextProvider, rowTextFor } from './rowText.ts';
import { measureFromObserver } from '../../common/measureFromObserver.ts';
import { useFindStore } from '../find/findStore.ts';
import { useEndGuard } from './endGuard.ts';
import { boundCorrections } from './endCorrection.ts';
import { observeListRect, scrollFromFresh } from './listArea.ts';
import { warmFontsAfterFirstPaint } from './warmFonts.tsx';

// The faces a reply's text and formulas use are looked up and loaded before the first reply (warmFonts.tsx).
warmFontsAfterFirstPaint();

type Row = { kind: 'message'; message: ChatMessage; current: boolean; continued: boolean; failedReplyId?: string } | { kind: 'notice' };

/** Distance from the top (px) at which the previous page starts loading. */
const LOAD_OLDER_AT = 800;
/** Rows mounted beyond each edge of the screen once the chat is on screen (ready for scrolling). */
const OVERSCAN = 6;
/** The same before the first paint: that frame formats and lays out only what fills the screen. */
const FIRST_OVERSCAN = 1;
const PADDING_START = 16;
/**
 * The gap below the last row is the last row's own padding (`.chat-row.is-last`), not the list's end padding: a
 * streaming reply that grows then grows the scroller's height at once, so the virtualizer's follow of the end is not
 * clamped by the old height and retried after React's commit with a `scrollHeight` read (a forced layout a frame).
 */
const LAST_ROW_GAP = 24;
/** Scrollable overflow past the last row (`.chat-row.is-last::after`): at the end, the scroller is this far above it. */
const END_SLACK = 2;
const NOTICE_ROW = 64;
/** Within this distance (px) of the end, the view counts as at the end: a new row or a growing reply is followed. */
const FOLLOW_WITHIN = 64;
/** Frames to watch a jump to a new last row for landing (then the list's own following takes over). */
const FOLLOW_FRAMES = 30;

/**
 * How far (px) the view is above the end, from the virtualizer's own numbers. No layout read: the virtualizer's
 * `isAtEnd` reads the scroller's scroll height, which in a render or an effect right after a commit forces a layout.
 */
function distanceFromEnd(instance: Virtualizer<HTMLDivElement, Element>): number {
  return Math.max(0, instance.getTotalSize() - (instance.scrollRect?.height ?? window.innerHeight) - (instance.scrollOffset ?? 0));
}

/** Pixels of the scroller's content below its view (a layout read: only where layout is the frame's own). */
function shortOfEnd(el: HTMLElement): number {
  return el.scrollHeight - el.scrollTop - el.clientHeight;
}

type Key = string | number;

/** The virtualizer's key of row `i`: the message id, or the row's kind. */
function rowKey(rows: readonly Row[], i: number): Key {
  const row = rows[i];
  return row?.kind === 'message' ? row.message.id : (row?.kind ?? i);
}

/** Runs `step` once a frame until it returns true or FOLLOW_FRAMES frames have passed; returns what cancels it. */
function eachFrame(step: () => boolean): () => void {
  let frames = 0;
  let handle = requestAnimationFrame(function run() {
    frames += 1;
    if (!step() && frames < FOLLOW_FRAMES) handle = requestAnimationFrame(run);
  });
  return () => cancelAnimationFrame(handle);
}

/**
 * A row's size for the virtualizer. From a mounting row's ref (no ResizeObserver entry) it is the remembered or estimated
 * size, not a layout read: reading each row's height as it mounts forced one layout per row, and each resize
 * re-rendered the list. The ResizeObserver then reports every row mounted in that commit in one pass, before paint.
 */
function rowSize(element: Element, entry: ResizeObserverEntry | undefined, instance: Virtualizer<HTMLDivElement, Element>): number {
  const height = measureFromObserver(element, entry, instance);
  const box = entry?.borderBoxSize[0];
  const key = box ? instance.options.getItemKey(instance.indexFromElement(element)) : undefined;
  // A measured message row is remembered, so the next open of this chat starts from real heights.
  // Remembered without the last row's end gap, which moves to whichever row is last.
  const gap = element.classList.contains('is-last') ? LAST_ROW_GAP : 0;
  if (box && typeof key === 'string' && (element as HTMLElement).dataset.messageRow !== undefined) rememberRowHeight(key, Math.round(box.inlineSize), height - gap);
  return height;
}

/** The list of one open chat; render it with `key={chatId}`. */
export function MessageList({ open }: { open: OpenChat }) {
  const { t, i18n } = useTranslation('chat');
  const language = i18n.language;
  const rowText = useMemo(() => rowTextFor(i18n, language), [i18n, language]);
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

  // Whether the view was at the end before this render's rows: read from the virtualizer before it takes them.
  const instance = useRef<Virtualizer<HTMLDivElement, Element> | undefined>(undefined);
  const wasAtEnd = useRef(true);
  if (instance.current) wasAtEnd.current = distanceFromEnd(instance.current) <= FOLLOW_WITHIN;

  // A row appended while the view is at the end starts at 0 px (its end gap included), so the list's end does
  // not move when it mounts. The ResizeObserver then reports its real height before paint, and the virtualizer, still
  // at its end, moves the view by the growth (its own scroll write, from the observer's callback, where layout is
  // clean). So following a new row or a streaming reply needs no scroll command: a command re-reads the scroller's
  // scroll height in every commit until its write lands (a forced layout per streamed frame, issue 14).
  const lastKey = rowKey(rows, rows.length - 1);
  const seenLastKey = useRef(lastKey);
  const followedKey = useRef<Key | undefined>(undefined);
  if (lastKey !== seenLastKey.current) {
    seenLastKey.current = lastKey;
    followedKey.current = instance.current && wasAtEnd.current ? lastKey : undefined;
  }
  const baseSize = (row: Row | undefined): number => (row?.kind === 'message' ? (knownRowHeight(row.message.id) ?? estimateRowHeight(row.message)) : NOTICE_ROW);
  const sizeOf = (i: number): number => {
    if (i !== rows.length - 1) return baseSize(rows[i]);
    return followedKey.current !== undefined && rowKey(rows, i) === followedKey.current ? 0 : baseSize(rows[i]) + LAST_ROW_GAP;
  };
  const [overscan, setOverscan] = useState(FIRST_OVERSCAN);
  const guard = useEndGuard(scroller, FOLLOW_WITHIN);
  const generating = open.run.generating;
  guard.streaming.current = generating;
  const finding = useFindStore((s) => s.chatId === chatId && s.target !== undefined);
  const findingNow = useRef(finding);
  findingNow.current = finding;
  // A list replacing the chat's greeting starts from the greeting's size, and its first scroll write waits for the
  // next frame's callback: no layout read or write in the commit that mounts it (listArea.ts).
  const [observeRect] = useState(() => observeListRect(chatId));
  const [scrollTo] = useState(scrollFromFresh);
  const virtualizer = useVirtualizer({
    count: rows.length,
    observeElementRect: observeRect,
    scrollToFn: scrollTo,
    getScrollElement: () => scroller.current,
    estimateSize: sizeOf,
    measureElement: rowSize,
    getItemKey: (i) => rowKey(rows, i),
    // The first frame starts at the end, with the window's height as the viewport's: it mounts the latest rows only,
    // instead of the first rows at offset 0 and then, after a scroll, the latest ones.
    initialRect: { width: window.innerWidth, height: window.innerHeight },
    initialOffset: () => Math.max(0, PADDING_START + rows.reduce((sum, _row, i) => sum + sizeOf(i), 0) - window.innerHeight),
    overscan,
    anchorTo: 'end',
    // Not the library's follow: its scroll-to-end command chases a growing reply for up to 5 s, and while it waits for
    // each write to land it reads the scroll height in every commit (a forced layout per streamed frame). See below.
    followOnAppend: false,
    // Row positions and the list's height are written to the DOM by the virtualizer itself, and React renders only when
    // the rows in range change. Each row's growth and each scroll re-rendered the list with flushSync inside the
    // browser's frame (from the ResizeObserver or the scroll event), formatting the streaming reply's Markdown there, on
    // top of the frame's own layout (17-25 ms of script in the longest frames, issue 14, eighth look). `top`, not a 3D
    // transform, which would give every row a compositor layer of its own (and grayscale text).
    directDomUpdates: true,
    directDomUpdatesMode: 'position',
    // While a reply streams, a render the virtualizer asks for (rows entering the range, a scroll starting or ending)
    // runs in a task of its own after the frame, not with flushSync inside it: the row positions it would fix are
    // written directly, and a scroll event's render there formatted the reply's waiting Markdown on top of the frame's
    // layout (30 ms of script in one traced frame). Idle, a fast scroll still renders the rows coming into view before
    // paint.
    useFlushSync: !generating,
    scrollEndThreshold: FOLLOW_WITHIN,
    paddingStart: PADDING_START,
    // After each change the virtualizer reports (a scroll, a row's new size): the end guard (endGuard.ts).
    onChange: (v) =>
      guard.onListChange({ distance: distanceFromEnd(v), total: v.getTotalSize(), endOffset: v.getTotalSize() - (v.scrollRect?.height ?? window.innerHeight), scrolling: v.isScrolling, finding: findingNow.current }),
  });

  boundCorrections(virtualizer);

  // Open at the latest message. Row heights are estimates until measured, so keep going to the end for a few
  // frames until it holds; older pages load only after that (else the first render at offset 0 would load them).
  const [settled, setSettled] = useState(false);
  useLayoutEffect(() => {
    // Scroll commands only to open an idle chat. The virtualizer's numbers here already hold the window's size (its own
    // effect ran first): no layout read. While a command waits for its write to be read back, the library reads the
    // scroller's scroll height in every commit, and the stream's commits run between a frame's write and its scroll
    // event: each read forced a layout of the freshly rendered reply (54-65 forced layouts, 128-144 ms, in the first
    // second of a new chat's reply, issue 14, eighth look). So:
    // - rows that fit the window are at the end already, and the list's own following keeps them there as they are
    //   measured and grow (see `followedKey`);
    // - a list that mounts while a reply streams (a new chat's first message, or a chat opened mid-reply) is brought to
    //   its end with plain writes in the frame's callback (where the layout read is the frame's own layout), and it
    //   follows the reply from then on like any streaming list, until the user scrolls away.
    if (rows.length === 0 || distanceFromEnd(virtualizer) <= 1) {
      const handle = requestAnimationFrame(() => setSettled(true));
      return () => cancelAnimationFrame(handle);
    }
    const streamingAtMount = generating;
    if (streamingAtMount) guard.armed.current = true;
    else virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
    let frames = 0;
    let atEndFor = 0;
    let handle = requestAnimationFrame(function settle() {
      frames += 1;
      const el = scroller.current;
      if (streamingAtMount) {
        if (el && shortOfEnd(el) <= END_SLACK) atEndFor += 1;
        else if (el && guard.armed.current) {
          atEndFor = 0;
          el.scrollTop = el.scrollHeight - el.clientHeight;
        }
      } else if (virtualizer.isAtEnd(4)) atEndFor += 1;
      else {
        atEndFor = 0;
        virtualizer.scrollToEnd();
      }
      if (atEndFor >= 2 || frames > 30 || (streamingAtMount && !guard.armed.current)) setSettled(true);
      else handle = requestAnimationFrame(settle);
    });
    return () => cancelAnimationFrame(handle);
    // Once per mount: the list is keyed by chat, and afterwards the virtualizer follows appends itself.
  }, []);

  // Once the chat is on screen, mount the rows beyond its edges when the page is idle, ready for scrolling.
  useEffect(() => {
    if (!settled) return;
    if (typeof window.requestIdleCallback !== 'function') return setOverscan(OVERSCAN);
    const handle = window.requestIdleCallback(() => setOverscan(OVERSCAN), { timeout: 1000 });
    return () => window.cancelIdleCallback(handle);
  }, [settled]);

  instance.current = virtualizer;

  // A new last row appended at the end is followed by the list itself (see `followedKey`): a command still chasing the
  // end (the jump to a sent message, Jump to latest) has landed, and is retired before it reads the scroll height in
  // every commit of the streaming reply. A message the user just sent while scrolled up brings the view down with one
  // jump, retired once it has landed for 2 frames.
  const lastIsUser = last?.role === 'user';
  const mounted = useRef(false);
  useLayoutEffect(() => {
    // The first rows are placed by the opening settle above.
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    if (followedKey.current === lastKey) {
      if (distanceFromEnd(virtualizer) <= 1) virtualizer.cancelScroll();
      guard.armed.current = true;
      return;
    }
    guard.armed.current = false;
    if (!lastIsUser) return;
    virtualizer.scrollToEnd();
    let landed = 0;
    // Not landed within the frames (the user scrolled away, or a jump of theirs runs): left to the library's command.
    return eachFrame(() => {
      landed = distanceFromEnd(virtualizer) <= 1 ? landed + 1 : 0;
      if (landed >= 2) {
        virtualizer.cancelScroll();
        guard.armed.current = true;
      }
      return landed >= 2;
    });
    // Per new last row only.
  }, [lastKey]);

  // When the reply ends its row changes size once more (footer, formatting the last chunks) after the last growth
  // followed: a view that was at the end is brought there once more, and the jump retires once the row holds still.
  const wasGenerating = useRef(generating);
  useLayoutEffect(() => {
    const ended = wasGenerating.current && !generating;
    wasGenerating.current = generating;
    if (!ended || !wasAtEnd.current) return;
    // The reply's last growth (its footer, its last chunks formatted) lands over the next frames, and the list's window
    // itself gets 22 px shorter as the composer below it changes, which no row's growth follows: check the scroller
    // itself for a few frames after the end (never while streaming) until the end holds; a user who scrolled away is
    // left alone.
    let held = 0;
    return eachFrame(() => {
      const el = scroller.current;
      const short = el ? shortOfEnd(el) : Infinity;
      if (short > FOLLOW_WITHIN) return true;
      // A plain write, not the virtualizer's scroll command: that command would chase the end for up to 5 s while the
      // reply's last chunks are formatted, re-reading the scroll height in each of those commits.
      if (el && short > END_SLACK) {
        held = 0;
        el.scrollTop = el.scrollHeight - el.clientHeight;
      } else held += 1;
      return held >= 2;
    });
  }, [generating, virtualizer]);

  useFindScroll(chatId, open.messages, virtualizer, scroller, settled);

  const items = virtualizer.getVirtualItems();
  const offset = virtualizer.scrollOffset ?? 0;
  useEffect(() => {
    if (settled && open.olderCursor && !open.loadingOlder && offset < LOAD_OLDER_AT) void loadOlder(chatId);
  }, [settled, offset, open.olderCursor, open.loadingOlder, loadOlder, chatId]);

  const atEnd = distanceFromEnd(virtualizer) <= 120;
  const onRetry = (): Promise<void> => retryChat(chatId).then((r) => (r.ok ? undefined : notifyError('chat:toast.retryFailed', r.error)));
  const onContinue = (): Promise<void> => continueChat(chatId).then((r) => (r.ok ? undefined : notifyError('chat:toast.continueFailed', r.error)));

  return (
    <div className="chat-list">
      <div className="chat-scroll" ref={scroller} data-testid="chat-scroll">
      <RowTextProvider value={rowText}>
      <div className="chat-rows" ref={virtualizer.containerRef}>
        {items.map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <div key={item.key} data-index={item.index} data-message-row={row.kind === 'message' ? '' : undefined} ref={virtualizer.measureElement} className={item.index === rows.length - 1 ? 'chat-row is-last' : 'chat-row'}>
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
      </RowTextProvider>
      </div>
      {open.loadingOlder && (
        <div className="chat-older" role="status">
          {t('list.loadingOlder')}
        </div>
      )}
      {/* An instant jump: the smooth one often stopped short of a reply that grew meanwhile (chat-follow e2e). */}
      {!atEnd && rows.length > 0 && (
        <button type="button" className="chat-jump" onClick={() => {
          guard.armed.current = true;
          virtualizer.scrollToEnd();
        }} aria-label={t('list.jumpToLatest')}>
          <ArrowDown size={16} aria-hidden />
        </button>
      )}
    </div>
  );
}
