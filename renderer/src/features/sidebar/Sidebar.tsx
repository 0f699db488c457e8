/** The sidebar: new chat, search, the chat list (most recent first, by day), then Servers and Settings. */
import { MessageSquarePlus, PanelLeftClose, Search, Server, Settings, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../store/index.ts';
import { selectChatList } from '../../store/chatsSlice.ts';
import { countByChat, serversCount } from '../attention/attentionModel.ts';
import { usePendingItems } from '../attention/usePendingItems.ts';
import { WaitingMenu } from '../attention/WaitingMenu.tsx';
import { Tip } from '../common/Tooltip.tsx';
import { WaitingBadge } from './WaitingBadge.tsx';
import { SidebarRail } from './SidebarRail.tsx';
import { ChatListItem } from './ChatListItem.tsx';
import { groupChats } from './groupChats.ts';
import { ServersSummary } from './ServersSummary.tsx';
import { useChatSearch } from './useChatSearch.ts';
import { SearchIndexLine } from './SearchIndexLine.tsx';
import { useSearchSnippets } from '../chat/find/useSearchSnippets.ts';
import { SearchSnippetLine } from '../chat/find/SearchSnippetLine.tsx';
import { openSearchHit } from '../chat/find/openSearchHit.ts';
import { useNewChat } from './useNewChat.ts';
import { modKey } from './modKey.ts';
import './sidebar.css';

export { modKey } from './modKey.ts';

/** The app's left column: full, or a rail of icons while collapsed (Ctrl/Cmd+B). */
export function Sidebar() {
  const collapsed = useStore((s) => s.sidebarCollapsed);
  return collapsed ? <SidebarRail /> : <FullSidebar />;
}

function FullSidebar() {
  const { t } = useTranslation('sidebar');
  const { t: ta } = useTranslation('attention');
  const toggleSidebar = useStore((s) => s.toggleSidebar);
  const pending = usePendingItems();
  const waitingByChat = useMemo(() => countByChat(pending), [pending]);
  const waitingForServers = serversCount(pending);
  const chats = useStore(selectChatList);
  const hasMoreChats = useStore((s) => s.hasMoreChats);
  const loadOlderChats = useStore((s) => s.loadOlderChats);
  const view = useStore((s) => s.view);
  const chatId = useStore((s) => s.chatId);
  const navigate = useStore((s) => s.navigate);
  const newChat = useNewChat();
  const [query, setQuery] = useState('');
  const { results, searching } = useChatSearch(chats, query);
  const snippets = useSearchSnippets(query, searching ? [] : results.map((c) => c.id));
  // Opened from a search: the chat's find bar opens on the query at the match the snippet shows (its version shown
  // first), or at the newest match when there is no snippet (the title matched).
  const openFound = (id: string): void => void openSearchHit(id, query, snippets[id]);
  const groups = useMemo(() => groupChats(results), [results]);

  return (
    <nav className="sb" aria-label={t('navigation')}>
      <div className="sb-brand">
        <div className="sb-logo" aria-hidden>
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
            <circle cx="5" cy="6" r="2" />
            <circle cx="5" cy="18" r="2" />
            <circle cx="19" cy="12" r="2" />
            <path d="M7 6h3a4 4 0 0 1 4 4v0a2 2 0 0 0 2 2h1M7 18h3a4 4 0 0 0 4-4v0a2 2 0 0 1 2-2" />
          </svg>
        </div>
        <span className="sb-name">Switchboard</span>
        <Tip label={<>{ta('sidebar.collapse')} <kbd>{modKey}</kbd>+<kbd>B</kbd></>} side="right">
          <button type="button" className="icon-btn sb-toggle" aria-label={ta('sidebar.collapse')} aria-keyshortcuts="Control+B" onClick={toggleSidebar} data-testid="sidebar-toggle">
            <PanelLeftClose />
          </button>
        </Tip>
      </div>

      <Tip label={<>{t('newChat')} <kbd>{modKey}</kbd>+<kbd>N</kbd></>} side="right">
        <button type="button" className="btn sb-new" onClick={newChat}>
          <MessageSquarePlus /> {t('newChat')}
        </button>
      </Tip>
      <WaitingMenu />

      <div className="sb-search">
        <Search aria-hidden />
        <input
          type="search"
          value={query}
          placeholder={t('search')}
          aria-label={t('search')}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setQuery('');
          }}
        />
        {query ? (
          <button type="button" className="icon-btn" aria-label={t('clearSearch')} onClick={() => setQuery('')}>
            <X />
          </button>
        ) : null}
      </div>
      <SearchIndexLine query={query} />

      {/* One list per date group, named by its heading: a screen reader hears "Today, list, 3 items". */}
      <section className="sb-chats" aria-label={t('chats')} aria-busy={searching}>
        {groups.length === 0 ? (
          <p className="sb-none">{query.trim() ? t('noMatches') : t('noChats')}</p>
        ) : (
          groups.map((group) => (
            <div key={group.key} className="sb-group">
              <h3 className="sb-group-title" id={`sb-group-${group.key}`}>
                {t(`group.${group.key}`)}
              </h3>
              <ul className="sb-group-list" aria-labelledby={`sb-group-${group.key}`}>
                {group.chats.map((chat) => (
                  <li key={chat.id}>
                    <ChatListItem
                      chat={chat}
                      active={view === 'chat' && chatId === chat.id}
                      waiting={waitingByChat.get(chat.id) ?? 0}
                      onOpen={openFound}
                    />
                  {snippets[chat.id] && <SearchSnippetLine snippet={snippets[chat.id]!} />}
                  </li>
                ))}
              </ul>
            </div>
          ))
        )}
        {hasMoreChats && !query.trim() ? (
          <button type="button" className="btn btn-sm btn-ghost sb-more" onClick={() => void loadOlderChats()}>
            {t('olderChats')}
          </button>
        ) : null}
      </section>

      <div className="sb-footer">
        <button
          type="button"
          className={view === 'servers' ? 'sb-nav sb-nav-active' : 'sb-nav'}
          aria-current={view === 'servers' ? 'page' : undefined}
          onClick={() => navigate({ view: 'servers' })}
        >
          <Server /> <span>{t('servers')}</span>
          <WaitingBadge count={waitingForServers} testId="servers-badge" />
          <ServersSummary />
        </button>
        <Tip label={<><kbd>{modKey}</kbd>+<kbd>,</kbd></>} side="right">
          <button
            type="button"
            className={view === 'settings' ? 'sb-nav sb-nav-active' : 'sb-nav'}
            aria-current={view === 'settings' ? 'page' : undefined}
            onClick={() => navigate({ view: 'settings' })}
          >
            <Settings /> <span>{t('settings')}</span>
          </button>
        </Tip>
      </div>
    </nav>
  );
}
