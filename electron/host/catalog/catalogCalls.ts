/** The `catalog.list` call: servers from the registry in settings when it answers, else the catalog bundled with the app. */
import { ok } from '../../../shared/errors.ts';
import type { HostApi } from '../../../shared/contract.ts';
import { searchCatalog, type CatalogListing } from '../../../shared/catalog/catalog.ts';
import { bundledCatalog } from '../../../shared/catalog/bundled.ts';
import type { Logger } from '../environment.ts';
import { fetchRegistryPage, type RegistryRequestOptions } from './registryClient.ts';

/** Calls owned by the catalog module. */
export type CatalogCalls = Pick<HostApi, 'catalog.list'>;

/** What the catalog calls need from the host. */
export interface CatalogDeps {
  /** The registry URL from settings; '' turns the registry off. */
  registryUrl: () => Promise<string>;
  logger: Logger;
  /** Request limits (tests shorten the timeout). */
  request?: Omit<RegistryRequestOptions, 'search'>;
}

/** Builds the catalog calls. */
export function createCatalogCalls(deps: CatalogDeps): CatalogCalls {
  return {
    'catalog.list': async ({ query }) => {
      const registryUrl = (await deps.registryUrl()).trim();
      const bundled = (): CatalogListing => ({ source: 'bundled', entries: searchCatalog(bundledCatalog, query ?? ''), registryUrl, rejected: 0 });
      if (!registryUrl) return ok(bundled());
      const page = await fetchRegistryPage(registryUrl, { ...deps.request, ...(query ? { search: query } : {}) });
      if (!page.ok) {
        deps.logger.warn(`catalog: ${page.error.message}; showing the bundled catalog`);
        return ok({ ...bundled(), fallback: page.error });
      }
      if (page.value.rejected > 0) deps.logger.warn(`catalog: ${page.value.rejected} registry entries were not valid server.json and were left out`);
      return ok({ source: 'registry', entries: page.value.entries, registryUrl, rejected: page.value.rejected });
    },
  };
}
