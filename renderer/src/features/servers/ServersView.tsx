/** The Servers page: every configured server with its status, plus add, import, one-click templates and the Browse catalog. */
import { Import, Plus } from 'lucide-react';
import { useState } from 'react';
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

type Open =
  | { kind: 'form'; initial: ServerFormState; editing?: { id: string; config: ServerConfig } }
  | { kind: 'template'; template: ServerTemplate }
  | { kind: 'import' }
  | undefined;

/** The servers view. */
export function ServersView() {
  const { t } = useTranslation('servers');
  const servers = useStore((s) => s.servers);
  const loaded = useStore((s) => s.serversLoaded);
  const loadError = useStore((s) => s.serversError);
  const [open, setOpen] = useState<Open>(undefined);
  const [tab, setTab] = useState<'installed' | 'browse'>('installed');
  const close = () => setOpen(undefined);
  const names = servers.map((s) => s.id);

  const edit = (server: ServerView) =>
    setOpen({ kind: 'form', initial: formFromConfig(server.id, server.config), editing: { id: server.id, config: server.config } });
  const add = () => setOpen({ kind: 'form', initial: emptyForm() });

  const ready = servers.filter((s) => s.status.state === 'ready').length;
  return (
    <div className="page" data-testid="servers-view">
      <div className="page-inner">
        <header className="page-header">
          <div>
            <h1 className="page-title">{t('title')}</h1>
            <p className="page-subtitle">{servers.length ? t('subtitleCount', { ready, total: servers.length }) : t('subtitle')}</p>
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
          <div role="tabpanel" id="sv-panel-installed" aria-labelledby="sv-tab-installed">
            {loadError ? (
              <div className="callout callout-danger" role="alert">
                {t('loadFailed', { message: loadError })}
              </div>
            ) : null}
            {!loaded ? <p className="muted">{t('loading')}</p> : null}
            {loaded && !loadError && servers.length === 0 ? (
              <EmptyServers onTemplate={(template) => setOpen({ kind: 'template', template })} onAdd={add} onImport={() => setOpen({ kind: 'import' })} />
            ) : null}
            <ServerList servers={servers} onEdit={edit} />
          </div>
        )}
      </div>

      {open?.kind === 'form' ? (
        <ServerFormDialog
          onClose={close}
          initial={open.initial}
          {...(open.editing ? { editing: open.editing } : {})}
          takenNames={names.filter((n) => n !== open.editing?.id)}
        />
      ) : null}
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
