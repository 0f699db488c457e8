/** The catalog as the Browse tab shows it: asked of the host (registry or bundled) as the user types, debounced. */
import { useEffect, useState } from 'react';
import type { CatalogListing } from '../../../../../shared/catalog/catalog.ts';
import type { AppError } from '../../../../../shared/errors.ts';
import { call } from '../../../bridge/index.ts';

/** The latest answer for `query`, whether one is on its way, and the host's error when the call itself failed. */
export function useCatalog(query: string): { listing?: CatalogListing; loading: boolean; error?: AppError } {
  const trimmed = query.trim();
  const [state, setState] = useState<{ query: string; listing?: CatalogListing; error?: AppError } | undefined>(undefined);

  useEffect(() => {
    let live = true;
    // The first load is immediate; typing waits for a pause so a registry is not asked once per key.
    const timer = setTimeout(
      () => {
        void call('catalog.list', trimmed ? { query: trimmed } : {}).then((result) => {
          if (!live) return;
          setState(result.ok ? { query: trimmed, listing: result.value } : { query: trimmed, error: result.error });
        });
      },
      trimmed ? 250 : 0,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [trimmed]);

  return {
    ...(state?.listing ? { listing: state.listing } : {}),
    ...(state?.error ? { error: state.error } : {}),
    loading: state?.query !== trimmed,
  };
}
