/**
 * The in-chat find bar (Ctrl/Cmd+F): finds text in messages and in tool arguments and results, loaded or not, with a
 * match count, older/newer navigation (Enter / Shift+Enter) and Escape to close, focus going back where it was.
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown, ChevronUp, X } from 'lucide-react';
import type { FindHit } from '../../../../../shared/find.ts';
import type { OpenChat } from '../../../store/chatsSlice.ts';
import { useStore } from '../../../store/index.ts';
import { call } from '../../../bridge/index.ts';
import { keepIndex, loadedHits, mergeMatches, startIndex, type FindMatch } from './findMatches.ts';
import { useFindStore } from './findStore.ts';
import './find.css';

/** Waits before asking the host, so typing a word costs one search, not one per letter. */
const HOST_DELAY_MS = 150;

/** Opens the bar on Ctrl/Cmd+F while a chat is shown (the browser's own find cannot see virtualized rows). */
function useFindShortcut(chatId: string): void {
  const openBar = useFindStore((s) => s.open);
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent): void => {
      if (event.key.toLowerCase() !== 'f' || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      event.preventDefault();
      openBar(chatId);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [chatId, openBar]);
}

/** Shows `match`: loads older pages until its message is there, then hands it to the list to scroll to. */
async function go(chatId: string, match: FindMatch | undefined): Promise<void> {
  if (!match) return useFindStore.getState().setTarget(undefined);
  for (;;) {
    const open = useStore.getState().openChats[chatId];
    if (!open || useFindStore.getState().chatId !== chatId) return;
    if (open.messages.some((m) => m.id === match.messageId)) break;
    if (!open.olderCursor) return;
    await useStore.getState().loadOlderMessages(chatId);
    const after = useStore.getState().openChats[chatId];
    // A failed page load leaves the cursor where it was: stop instead of asking forever.
    if (after?.olderCursor === open.olderCursor && after.messages.length === open.messages.length) return;
  }
  useFindStore.getState().setTarget(match);
}

/** The find bar of one chat; renders nothing while closed. */
export function FindBar({ open }: { open: OpenChat }) {
  const { t } = useTranslation('find');
  const chatId = open.chat.id;
  useFindShortcut(chatId);
  const isOpen = useFindStore((s) => s.chatId === chatId);
  const query = useFindStore((s) => s.query);
  const matches = useFindStore((s) => s.matches);
  const index = useFindStore((s) => s.index);
  const searching = useFindStore((s) => s.searching);
  const focusSeq = useFindStore((s) => s.focusSeq);
  const searchSeq = useFindStore((s) => s.searchSeq);
  const input = useRef<HTMLInputElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  // Keyed by the search (searchSeq and query): a search opened again, maybe on another branch, asks the host afresh.
  const hostHits = useRef<{ key: string; hits: FindHit[] } | undefined>(undefined);
  const lastQuery = useRef<string>('');
  const messagesNow = useRef(open.messages);
  messagesNow.current = open.messages;

  // Focus the field on open (and on Ctrl/Cmd+F while open), remembering where focus was.
  useEffect(() => {
    if (!isOpen) return;
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== input.current) returnFocus.current = active;
    input.current?.focus();
    input.current?.select();
  }, [isOpen, focusSeq]);

  const messageCount = open.messages.length;
  const partial = open.olderCursor !== undefined;
  const generating = open.run.generating;
  useEffect(() => {
    if (!isOpen) return;
    const q = query;
    const key = `${searchSeq}\n${q}`;
    const apply = (host: FindHit[] | undefined, searchingHost: boolean): void => {
      const messages = messagesNow.current;
      const found = mergeMatches(loadedHits(messages, q), new Set(messages.map((m) => m.id)), host);
      const state = useFindStore.getState();
      const fresh = lastQuery.current !== key;
      const nextIndex = fresh ? startIndex(found, state.wanted, searchingHost) : keepIndex(found, state.matches[state.index]);
      // The wanted match may be in a page not loaded: showing the newest meanwhile would scroll away from it.
      if (nextIndex === undefined) return state.setResults([], 0, true);
      state.setResults(found, nextIndex, searchingHost);
      if (fresh && (!searchingHost || found.length > 0)) {
        lastQuery.current = key;
        // Placed, or not on the branch shown any more (changed since the sidebar searched): a plain find from here.
        if (state.wanted) state.clearWanted();
        void go(chatId, found[nextIndex]);
      }
    };
    if (!q) {
      lastQuery.current = '';
      useFindStore.getState().setResults([], 0, false);
      useFindStore.getState().setTarget(undefined);
      return;
    }
    const cached = hostHits.current?.key === key ? hostHits.current.hits : undefined;
    if (!partial || cached) return apply(cached, false);
    apply(undefined, true);
    let current = true;
    const timer = setTimeout(() => {
      void call('chats.find', { chatId, query: q }).then((result) => {
        if (!current) return;
        if (result.ok) hostHits.current = { key, hits: result.value.hits };
        apply(result.ok ? result.value.hits : undefined, false);
      });
    }, HOST_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [isOpen, query, searchSeq, chatId, partial, messageCount, generating]);

  // The chat's page can be loaded again after the match's older page came in (the chat just opened, a reconnect):
  // load the way to the match again.
  const target = useFindStore((s) => (s.chatId === chatId ? s.target : undefined));
  const targetLoaded = !target || open.messages.some((m) => m.id === target.messageId);
  useEffect(() => {
    if (target && !targetLoaded && !open.loadingOlder) void go(chatId, target);
  }, [target, targetLoaded, open.loadingOlder, chatId]);

  if (!isOpen) return null;

  const step = (delta: number): void => {
    if (matches.length === 0) return;
    const next = (index + delta + matches.length) % matches.length;
    useFindStore.getState().setIndex(next);
    void go(chatId, matches[next]);
  };
  const close = (): void => {
    useFindStore.getState().close();
    hostHits.current = undefined;
    lastQuery.current = '';
    const back = returnFocus.current;
    if (back?.isConnected) back.focus();
    else document.querySelector<HTMLElement>('.chat-footer textarea')?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'Enter') {
      event.preventDefault();
      step(event.shiftKey ? -1 : 1);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    }
  };
  const count = !query ? '' : searching && matches.length === 0 ? t('searching') : matches.length === 0 ? t('none') : t('count', { current: index + 1, total: matches.length });

  return (
    <div className="find-anchor">
    <div className="find-bar" role="search" aria-label={t('label')} data-testid="find-bar">
      <input
        ref={input}
        className="input find-input"
        type="search"
        value={query}
        placeholder={t('placeholder')}
        aria-label={t('label')}
        spellCheck={false}
        onChange={(e) => useFindStore.getState().setQuery(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <span className="find-count" role="status" aria-live="polite" data-testid="find-count">
        {count}
      </span>
      <button type="button" className="icon-btn" aria-label={t('older')} title={t('older')} disabled={matches.length === 0} onClick={() => step(1)}>
        <ChevronUp size={16} aria-hidden />
      </button>
      <button type="button" className="icon-btn" aria-label={t('newer')} title={t('newer')} disabled={matches.length === 0} onClick={() => step(-1)}>
        <ChevronDown size={16} aria-hidden />
      </button>
      <button type="button" className="icon-btn" aria-label={t('close')} title={t('close')} onClick={close}>
        <X size={16} aria-hidden />
      </button>
    </div>
    </div>
  );
}
