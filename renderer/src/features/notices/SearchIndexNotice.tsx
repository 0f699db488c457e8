/**
 * The notice of the search index build: while messages from before the index are indexed (after an upgrade), how far
 * it is; if the build failed, why (with its code). Nothing when there is nothing to index; it goes away when done.
 */
import { DatabaseZap, FileWarning, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../store/index.ts';
import { errorMessage } from '../common/errorText.ts';

/** One row in the notices strip, or nothing while the index is ready. */
export function SearchIndexNotice() {
  const { t } = useTranslation('common');
  const status = useStore((s) => s.searchIndex);
  // Hiding a failure is this window's choice; the host keeps reporting it to other windows.
  const [hidden, setHidden] = useState<object | undefined>(undefined);
  if (status.state === 'ready' || hidden === status) return null;
  if (status.state === 'indexing') {
    const title = t('searchIndex.indexing.title', { percent: status.percent });
    return (
      <div className="storage-notice storage-notice-info" data-testid="search-index-notice" data-state="indexing">
        <DatabaseZap size={16} aria-hidden className="storage-notice-icon" />
        <div className="storage-notice-text">
          <strong>{title}</strong>
          <span>{t('searchIndex.indexing.body')}</span>
          <progress className="storage-notice-progress" max={100} value={status.percent} aria-label={title} />
        </div>
      </div>
    );
  }
  return (
    <div className="storage-notice" role="alert" data-testid="search-index-notice" data-state="failed">
      <FileWarning size={16} aria-hidden className="storage-notice-icon" />
      <div className="storage-notice-text">
        <strong>{t('searchIndex.failed.title')}</strong>
        <span>
          {errorMessage(t, status.error)} <code>{status.error.code}</code>
        </span>
      </div>
      <div className="storage-notice-actions">
        <button type="button" className="btn btn-sm" onClick={() => setHidden(status)}>
          <X size={14} aria-hidden />
          {t('storageNotices.dismiss')}
        </button>
      </div>
    </div>
  );
}
