/** A line under the sidebar search while older messages are still being indexed: results may miss them until then. */
import { useTranslation } from 'react-i18next';
import { useStore } from '../../store/index.ts';

/** Shown only while a search is typed and the index build runs. */
export function SearchIndexLine({ query }: { query: string }) {
  const { t } = useTranslation('sidebar');
  const percent = useStore((s) => (s.searchIndex.state === 'indexing' ? s.searchIndex.percent : undefined));
  if (percent === undefined || !query.trim()) return null;
  return (
    <p className="sb-search-note" data-testid="search-index-line">
      {t('stillIndexing', { percent })}
    </p>
  );
}
