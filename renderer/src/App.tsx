/** The app shell: sidebar and main area (chat, servers or settings), global shortcuts, toasts, elicitations. */
import { WifiOff } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { getBridge } from './bridge/index.ts';
import { applyLanguage } from './i18n/index.ts';
import { useStore } from './store/index.ts';
import { ChatView } from './features/chat/ChatView.tsx';
import { ApprovalLayer } from './features/attention/ApprovalLayer.tsx';
import { AttentionHost } from './features/attention/AttentionHost.tsx';
import { SkipLink } from './features/attention/SkipLink.tsx';
import { openFromNotification } from './features/attention/openItem.ts';
import { useSidebarCollapse } from './features/sidebar/useSidebarCollapse.ts';
import { ElicitationHost } from './features/elicitation/ElicitationHost.tsx';
import { SamplingDock } from './features/sampling/SamplingCards.tsx';
import { Toaster } from './features/common/Toaster.tsx';
import { StorageNotices } from './features/notices/StorageNotices.tsx';
import { TooltipProvider } from './features/common/Tooltip.tsx';
import { useTheme } from './features/common/useTheme.ts';
import { useAppNotices } from './features/common/useAppNotices.ts';
import { ServersView } from './features/servers/ServersView.tsx';
import { useBundleOpening } from './features/servers/bundles/useBundleOpening.ts';
import { SettingsView } from './features/settings/SettingsView.tsx';
import { Sidebar } from './features/sidebar/Sidebar.tsx';
import { useNewChat } from './features/sidebar/useNewChat.ts';

/** Ctrl/Cmd+N: new chat; Ctrl/Cmd+,: settings. Desktop menu commands arrive as 'app.command' and do the same. */
function useShortcuts(): void {
  const navigate = useStore((s) => s.navigate);
  const newChat = useNewChat();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return;
      if (e.key === 'n' || e.key === 'N') {
        e.preventDefault();
        if (!e.repeat) newChat();
      } else if (e.key === ',') {
        e.preventDefault();
        navigate({ view: 'settings' });
      }
    };
    window.addEventListener('keydown', onKey);
    const off = getBridge().on('app.command', (payload) => {
      if (payload.command === 'new_chat') newChat();
      else if (payload.command === 'open_chat') openFromNotification(payload, navigate);
      else navigate({ view: 'settings' });
    });
    return () => {
      window.removeEventListener('keydown', onKey);
      off();
    };
  }, [navigate, newChat]);
}

function ConnectionBanner() {
  const { t } = useTranslation('common');
  const connection = useStore((s) => s.connection);
  if (connection === 'open' || connection === 'connecting') return null;
  return (
    <div className="connection-banner" role="status" data-testid="connection-banner">
      <WifiOff size={15} aria-hidden />
      {connection === 'offline' ? t('connection.offline') : t('connection.reconnecting')}
    </div>
  );
}

/** The whole window. */
export function App() {
  const view = useStore((s) => s.view);
  const chatId = useStore((s) => s.chatId);
  const sidebarCollapsed = useStore((s) => s.sidebarCollapsed);
  const theme = useStore((s) => s.settings?.theme);
  const language = useStore((s) => s.settings?.language);
  useTheme(theme);
  useEffect(() => {
    if (language) applyLanguage(language);
  }, [language]);
  useShortcuts();
  useSidebarCollapse();
  useBundleOpening();
  useAppNotices();

  return (
    <TooltipProvider>
      <SkipLink />
      <div className={sidebarCollapsed ? 'app is-sb-collapsed' : 'app'}>
        <Sidebar />
        <main className="app-main" id="main" tabIndex={-1} aria-live="off">
          <ConnectionBanner />
          <StorageNotices />
          <ApprovalLayer />
          {view === 'servers' ? <ServersView /> : view === 'settings' ? <SettingsView /> : <ChatView chatId={chatId} />}
        </main>
      </div>
      <AttentionHost />
      <ElicitationHost />
      <SamplingDock />
      <Toaster />
    </TooltipProvider>
  );
}
