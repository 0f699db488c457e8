/** The Servers page: every configured server with its status, plus add, import, one-click templates and the Browse catalog. */
import { Import, Plus } from 'lucide-react';
import { memo, useCallback, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServerConfig } from '../../../../shared/serverConfig.ts';
import type { ServerView } from '../../../../shared/servers.ts';
import { useStore } from '../../store/index.ts';
import { ServerFormDialog } from './form/ServerFormDialog.tsx';
import { emptyForm, formFromConfig, type ServerFormState } from './form/serverForm.ts';
import { ImportDialog } from './import/ImportDialog.tsx';
import { ServerList } from './ServerList.tsx';
import { BrowseTab } from './browse/BrowseTab.tsx';
import { BundleInstall } from './bundles/BundleInstall.tsx';
import { EmptyServers } from './templates/EmptyServers.tsx';
import { TemplateDialog } from './templates/TemplateDialog.tsx';
import type { ServerTemplate } from './templates/templates.ts';
import './servers.css';
import { errorMessage } from '../common/errorText.ts';

type Open =
  | { kind: 'form'; initial: ServerFormState; editing?: { id: string; config: ServerConfig } }
  | { kind: 'template'; template: ServerTemplate }
  | { kind: 'import' }
  | undefined;

/** "n of m ready" under the title; its own subscription, so a status change re-renders this line, not the page. */
function ServersSubtitle() {
  const { t } = useTranslation('servers');
  const total = useStore((s) => s.servers.length);
  const ready = useStore((s) => s.servers.reduce((n, v) => (v.status.state === 'ready' ? n + 1 : n), 0));
  return <p className="page-subtitle">{total ? t('subtitleCount', { ready, total }) : t('subtitle')}</p>;
}

/** Props of InstalledServers. */
interface InstalledServersProps {
  onEdit: (server: ServerView) => void;
  onTemplate: (template: ServerTemplate) => void;
  onAdd: () => void;
  onImport: () => void;
}

/**
 * The installed tab: load state, empty state and the list. The list gets the server list as a deferred value: with
 * 100 servers starting, the store changes every frame, and rendering the cards at the deferred priority lets React
 * split that work into short slices instead of one long task per frame (issue 12).
 */
const InstalledServers = memo(function InstalledServers({ onEdit, onTemplate, onAdd, onImport }: InstalledServersProps) {
  const { t } = useTranslation('servers');
  const servers = useStore((s) => s.servers);
  const loaded = useStore((s) => s.serversLoaded);
  const loadError = useStore((s) => s.serversError);
  const shown = useDeferredValue(servers);
  return (
    <div role="tabpanel" id="sv-panel-installed" aria-labelledby="sv-tab-installed">
      {loadError ? (
        <div className="callout callout-danger" role="alert">
          {t('loadFailed', { message: errorMessage(t, loadError) })}
        </div>
      ) : null}
      {!loaded ? <p className="muted">{t('loading')}</p> : null}
      {loaded && !loadError && servers.length === 0 ? <EmptyServers onTemplate={onTemplate} onAdd={onAdd} onImport={onImport} /> : null}
      <ServerList servers={shown} onEdit={onEdit} />
    </div>
  );
});

/** The add/edit form with the names already taken (read when it opens and while it is open). */
function ServerForm({ open, onClose }: { open: Extract<Open, { kind: 'form' }>; onClose: () => void }) {
  const servers = useStore((s) => s.servers);
  const takenNames = servers.map((s) => s.id).filter((n) => n !== open.editing?.id);
  return <ServerFormDialog onClose={onClose} initial={open.initial} {...(open.editing ? { editing: open.editing } : {})} takenNames={takenNames} />;
}

/** The servers view. */
export function ServersView() {
  const { t } = useTranslation('servers');
  const [open, setOpen] = useState<Open>(undefined);
  const [tab, setTab] = useState<'installed' | 'browse'>('installed');
  const close = () => setOpen(undefined);

  const edit = useCallback(
    (server: ServerView) => setOpen({ kind: 'form', initial: formFromConfig(server.id, server.config), editing: { id: server.id, config: server.config } }),
    [],
  );
  const add = useCallback(() => setOpen({ kind: 'form', initial: emptyForm() }), []);
  const chooseTemplate = useCallback((template: ServerTemplate) => setOpen({ kind: 'template', template }), []);
  const openImport = useCallback(() => setOpen({ kind: 'import' }), []);
  return (
    <div className="page" data-testid="servers-view">
      <div className="page-inner">
        <header className="page-header">
          <div>
            <h1 className="page-title">{t('title')}</h1>
            <ServersSubtitle />
          </div>
          <div className="row">
            <BundleInstall />
            <button type="button" className="btn" onClick={() => setOpen({ kind: 'import' })}>
              <Import /> {t('import.button')}
            </button>
            <button type="button" className="btn btn-primary" onClick={add}>
              <Plus /> {t('add')}
            </button>
          </div>
        </header>

        <div className="sv-tabs" role="tablist" aria-label={t('title')}>
          {(['installed', 'browse'] as const).map((id) => (
            <button key={id} type="button" role="tab" id={`sv-tab-${id}`} className="sv-tab" aria-selected={tab === id} aria-controls={`sv-panel-${id}`} data-testid={`servers-tab-${id}`} onClick={() => setTab(id)}>
              {t(`browse:tab.${id}`)}
            </button>
          ))}
        </div>
        {tab === 'browse' ? (
          <div role="tabpanel" id="sv-panel-browse" aria-labelledby="sv-tab-browse">
            <BrowseTab
              onInstall={(name, config) => {
                setTab('installed');
                setOpen({ kind: 'form', initial: formFromConfig(name, config) });
              }}
            />
          </div>
        ) : (
          <InstalledServers onEdit={edit} onTemplate={chooseTemplate} onAdd={add} onImport={openImport} />
        )}
      </div>

      {open?.kind === 'form' ? <ServerForm open={open} onClose={close} /> : null}
      {open?.kind === 'template' ? (
        <TemplateDialog
          template={open.template}
          onClose={close}
          onCustomize={(name, folder) => setOpen({ kind: 'form', initial: formFromConfig(name, open.template.config(folder)) })}
        />
      ) : null}
      {open?.kind === 'import' ? <ImportDialog onClose={close} /> : null}
    </div>
  );
}
