/** The Browse tab: the server catalog (registry or bundled), searchable; a click opens an entry's details. */
import { Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayName } from '../../../../../shared/catalog/catalog.ts';
import { installOptions } from '../../../../../shared/catalog/install.ts';
import type { ServerJson } from '../../../../../shared/catalog/serverJson.ts';
import type { ServerConfig } from '../../../../../shared/serverConfig.ts';
import { errorText } from '../../common/errorText.ts';
import { VisibleText } from '../../common/VisibleText.tsx';
import { CatalogDetailDialog } from './CatalogDetailDialog.tsx';
import { useCatalog } from './useCatalog.ts';
import './browse.css';

/** Props of BrowseTab. */
export interface BrowseTabProps {
  /** Opens the add form filled in with this server. */
  onInstall: (name: string, config: ServerConfig) => void;
}

/** Names of the package registries (the same in every language). */
export const registryLabels = { npm: 'npm', pypi: 'PyPI', oci: 'Docker' } as const;

/** How an entry runs, one badge per kind of option: npm, pypi, oci, remote. */
export function runBadges(entry: ServerJson): (keyof typeof registryLabels | 'remote')[] {
  const kinds = installOptions(entry).map((o) => (o.kind === 'remote' ? 'remote' : o.registryType));
  return [...new Set(kinds)];
}

/** Search box, where the list comes from, and the entries. */
export function BrowseTab({ onInstall }: BrowseTabProps) {
  const { t } = useTranslation('browse');
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<ServerJson | undefined>(undefined);
  const { listing, loading, error } = useCatalog(query);

  return (
    <section className="br-tab" data-testid="browse-tab" aria-label={t('title')}>
      <div className="br-search">
        <Search aria-hidden />
        <input className="input" type="search" data-testid="browse-search" aria-label={t('search')} placeholder={t('searchPlaceholder')} value={query} onChange={(e) => setQuery(e.target.value)} />
        {loading ? <span className="spinner" aria-label={t('loading')} /> : null}
      </div>
      {listing ? (
        <p className="muted br-source" data-testid="browse-source">
          {listing.source === 'registry'
            ? t('source.registry', { host: hostOf(listing.registryUrl), count: listing.entries.length })
            : listing.fallback
              ? t('source.fallback', { reason: errorText(t, listing.fallback) })
              : t('source.bundled')}
        </p>
      ) : null}
      {error ? (
        <div className="callout callout-danger" role="alert">
          {errorText(t, error)}
        </div>
      ) : null}
      {listing && listing.entries.length === 0 ? <p className="muted">{t('empty', { query: query.trim() })}</p> : null}
      <ul className="br-list">
        {(listing?.entries ?? []).map((entry) => (
          <li key={entry.name}>
            <button type="button" className="br-card" data-testid="browse-entry" data-name={entry.name} onClick={() => setChosen(entry)}>
              <span className="br-card-title">
                <VisibleText text={displayName(entry)} />
                {entry.status === 'deprecated' ? <span className="chip chip-warning">{t('deprecated')}</span> : null}
              </span>
              <span className="br-card-desc">
                <VisibleText text={entry.description} multiline />
              </span>
              <span className="br-card-badges">
                {runBadges(entry).map((badge) => (
                  <span key={badge} className="chip">
                    {badge === 'remote' ? t('kind.remote') : registryLabels[badge]}
                  </span>
                ))}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {chosen ? (
        <CatalogDetailDialog
          entry={chosen}
          onClose={() => setChosen(undefined)}
          onInstall={(name, config) => {
            setChosen(undefined);
            onInstall(name, config);
          }}
        />
      ) : null}
    </section>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
