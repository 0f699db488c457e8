/** The collapsed sidebar: a rail of icons (expand, new chat, waiting decisions, Servers, Settings), each labelled. */
import { MessageSquarePlus, PanelLeftOpen, Server, Settings } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../store/index.ts';
import { serversCount } from '../attention/attentionModel.ts';
import { usePendingItems } from '../attention/usePendingItems.ts';
import { WaitingMenu } from '../attention/WaitingMenu.tsx';
import { Tip } from '../common/Tooltip.tsx';
import { modKey } from './modKey.ts';
import { useNewChat } from './useNewChat.ts';
import { WaitingBadge } from './WaitingBadge.tsx';

/** The rail shown while the sidebar is collapsed. */
export function SidebarRail() {
  const { t } = useTranslation('sidebar');
  const { t: ta } = useTranslation('attention');
  const view = useStore((s) => s.view);
  const navigate = useStore((s) => s.navigate);
  const toggleSidebar = useStore((s) => s.toggleSidebar);
  const newChat = useNewChat();
  const waitingForServers = serversCount(usePendingItems());
  return (
    <nav className="sb sb-rail" aria-label={t('navigation')}>
      <Tip label={<>{ta('sidebar.expand')} <kbd>{modKey}</kbd>+<kbd>B</kbd></>} side="right">
        <button type="button" className="icon-btn sb-rail-btn" aria-label={ta('sidebar.expand')} aria-keyshortcuts="Control+B" onClick={toggleSidebar} data-testid="sidebar-toggle">
          <PanelLeftOpen />
        </button>
      </Tip>
      <Tip label={<>{t('newChat')} <kbd>{modKey}</kbd>+<kbd>N</kbd></>} side="right">
        <button type="button" className="icon-btn sb-rail-btn" aria-label={t('newChat')} onClick={newChat}>
          <MessageSquarePlus />
        </button>
      </Tip>
      <WaitingMenu compact />
      <span className="sb-rail-spacer" />
      <Tip label={t('servers')} side="right">
        <button
          type="button"
          className={view === 'servers' ? 'icon-btn sb-rail-btn sb-nav-active' : 'icon-btn sb-rail-btn'}
          aria-label={t('servers')}
          aria-current={view === 'servers' ? 'page' : undefined}
          onClick={() => navigate({ view: 'servers' })}
        >
          <Server />
          <WaitingBadge count={waitingForServers} testId="servers-badge" />
        </button>
      </Tip>
      <Tip label={<>{t('settings')} <kbd>{modKey}</kbd>+<kbd>,</kbd></>} side="right">
        <button
          type="button"
          className={view === 'settings' ? 'icon-btn sb-rail-btn sb-nav-active' : 'icon-btn sb-rail-btn'}
          aria-label={t('settings')}
          aria-current={view === 'settings' ? 'page' : undefined}
          onClick={() => navigate({ view: 'settings' })}
        >
          <Settings />
        </button>
      </Tip>
    </nav>
  );
}
