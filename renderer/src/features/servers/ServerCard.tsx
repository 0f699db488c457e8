/** One server in the list: status badge and details, enable switch, restart, edit, delete, and its tools and log. */
import * as Tabs from '@radix-ui/react-tabs';
import { ChevronDown, Globe, RotateCw, Terminal } from 'lucide-react';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isHttpConfig } from '../../../../shared/serverConfig.ts';
import type { ServerView } from '../../../../shared/servers.ts';
import { useStore } from '../../store/index.ts';
import { call } from '../../bridge/index.ts';
import { VisibleText } from '../common/VisibleText.tsx';
import { ConfirmDialog } from '../common/ConfirmDialog.tsx';
import { Switch } from '../common/Switch.tsx';
import { LogViewer } from './LogViewer.tsx';
import { ServerStatusDetail } from './ServerStatusDetail.tsx';
import { SignInPanel } from './signIn/SignInPanel.tsx';
import { canSignOut, sendsOwnAuthorization } from './signIn/signInModel.ts';
import { SignOutDialog } from './signIn/SignOutDialog.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { ToolList } from './ToolList.tsx';
import { ServerIcon } from '../common/ServerIcon.tsx';
import { LazyTip } from './card/LazyTip.tsx';
import { ServerActionsMenu } from './card/ServerActionsMenu.tsx';

/** The command line or URL a server runs, for the card's subtitle. */
export function launchSummary(server: ServerView): string {
  const c = server.config;
  if (isHttpConfig(c)) return c.url;
  return [c.command, ...(c.args ?? [])].map((w) => (/\s/.test(w) ? `"${w}"` : w)).join(' ');
}

/** Props of ServerCard. */
export interface ServerCardProps {
  server: ServerView;
  onEdit: (server: ServerView) => void;
}

/**
 * A server card; the details (tools, log) fold out. Memoized: the store keeps an unchanged server's view object, so a
 * status change of one server re-renders its card only (with 100 servers starting, every card re-rendered per frame).
 */
export const ServerCard = memo(function ServerCard({ server, onEdit }: ServerCardProps) {
  const { t } = useTranslation('servers');
  const setServerEnabled = useStore((s) => s.setServerEnabled);
  const restartServer = useStore((s) => s.restartServer);
  const removeServer = useStore((s) => s.removeServer);
  const notify = useStore((s) => s.notify);
  const notifyError = useStore((s) => s.notifyError);
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState('tools');
  const [confirming, setConfirming] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const enabled = server.config.enabled !== false;
  const failed = server.status.state === 'error';
  const launch = launchSummary(server);

  const restart = async () => {
    const result = await restartServer(server.id);
    if (!result.ok) notifyError('servers:restartFailed', result.error, { name: server.id });
  };
  const remove = async () => {
    // A bundle's entry goes with its unpacked folder and stored settings.
    const result = server.config.bundle ? await call('bundles.uninstall', { id: server.id }) : await removeServer(server.id);
    if (!result.ok) {
      notifyError('servers:deleteFailed', result.error, { name: server.id });
      return false;
    }
    notify({ tone: 'success', titleKey: 'servers:notice.deleted', values: { name: server.id } });
    return true;
  };
  const showLog = () => {
    setOpen(true);
    setTab('log');
  };

  return (
    <article className={`card sv-card${failed ? ' sv-card-failed' : ''}`} aria-labelledby={`server-${server.id}-name`} data-testid="server-card" data-server={server.id}>
      <header className="sv-card-head">
        <div className="sv-card-icon" aria-hidden>
          <ServerIcon serverId={server.id} size={20} fallback={server.transport === 'http' ? <Globe /> : <Terminal />} />
        </div>
        <div className="sv-card-title">
          <h3 id={`server-${server.id}-name`}>
            <VisibleText text={server.id} />
          </h3>
          <p className="mono muted sv-card-launch" title={launch}>
            {launch}
          </p>
        </div>
        <StatusBadge status={server.status} />
        <Switch
          checked={enabled}
          label={t('enableServer', { name: server.id })}
          onCheckedChange={(next) =>
            void setServerEnabled(server.id, next).then((r) => {
              if (!r.ok) notifyError('servers:enableFailed', r.error, { name: server.id });
            })
          }
        />
        {/* The hint and the menu are mounted on first use: most cards never show them. */}
        <LazyTip label={t('restart')}>
          <button type="button" className="icon-btn" aria-label={t('restartServer', { name: server.id })} disabled={!enabled} onClick={() => void restart()}>
            <RotateCw />
          </button>
        </LazyTip>
        <ServerActionsMenu
          serverId={server.id}
          onEdit={() => onEdit(server)}
          onShowLog={showLog}
          onSignOut={canSignOut(server) ? () => setSigningOut(true) : undefined}
          onDelete={() => setConfirming(true)}
        />
      </header>

      <div className="sv-card-body">
        {server.status.state === 'auth_required' ? (
          <SignInPanel
            serverId={server.id}
            message={server.status.message}
            text={server.status.text}
            failureText={server.status.failureText}
            ownAuthorization={sendsOwnAuthorization(server.config)}
            onEdit={() => onEdit(server)}
          />
        ) : (
          <ServerStatusDetail serverId={server.id} status={server.status} />
        )}
      </div>

      <button type="button" className="sv-card-toggle" aria-expanded={open} aria-controls={`server-${server.id}-details`} onClick={() => setOpen(!open)}>
        <ChevronDown className={open ? 'sv-chevron sv-chevron-open' : 'sv-chevron'} aria-hidden />
        {open ? t('hideDetails') : t('showDetails')}
      </button>
      {open ? (
        <Tabs.Root className="sv-card-details" id={`server-${server.id}-details`} value={tab} onValueChange={setTab}>
          <Tabs.List className="tabs-list" aria-label={t('detailsLabel', { name: server.id })}>
            <Tabs.Trigger className="tabs-trigger" value="tools">
              {t('tabs.tools')}
            </Tabs.Trigger>
            <Tabs.Trigger className="tabs-trigger" value="log">
              {t('tabs.log')}
            </Tabs.Trigger>
            {server.status.state === 'ready' && server.status.instructions ? (
              <Tabs.Trigger className="tabs-trigger" value="instructions">
                {t('tabs.instructions')}
              </Tabs.Trigger>
            ) : null}
          </Tabs.List>
          <Tabs.Content value="tools">
            <ToolList server={server} />
          </Tabs.Content>
          <Tabs.Content value="log">
            <LogViewer serverId={server.id} />
          </Tabs.Content>
          {server.status.state === 'ready' && server.status.instructions ? (
            <Tabs.Content value="instructions">
              <pre className="sv-instructions">
                <VisibleText text={server.status.instructions} multiline />
              </pre>
            </Tabs.Content>
          ) : null}
        </Tabs.Root>
      ) : null}

      {/* Mounted only while open: two dialogs in every card were a good part of what mounting a card cost. */}
      {confirming ? (
        <ConfirmDialog
          open
          onOpenChange={setConfirming}
          title={t('deleteTitle', { name: server.id })}
          description={t('deleteDescription')}
          confirmLabel={t('delete')}
          onConfirm={remove}
        />
      ) : null}
      {signingOut ? <SignOutDialog serverId={server.id} open onOpenChange={setSigningOut} /> : null}
    </article>
  );
});
