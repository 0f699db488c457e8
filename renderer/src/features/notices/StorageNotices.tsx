/**
 * Banners for files of the data folder that were kept aside (a history moved aside, an unreadable settings.json).
 * They stay, across restarts, until the user dismisses them; a moved-aside history can be restored from here.
 */
import { ArchiveRestore, FileWarning, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StorageNotice } from '../../../../shared/contract.ts';
import { useStore } from '../../store/index.ts';
import { ConfirmDialog } from '../common/ConfirmDialog.tsx';
import { hostText } from '../common/errorText.ts';
import { SearchIndexNotice } from './SearchIndexNotice.tsx';
import './storageNotices.css';

function NoticeRow({ notice, dataDir }: { notice: StorageNotice; dataDir: string }) {
  const { t } = useTranslation('common');
  const dismiss = useStore((s) => s.dismissStorageNotice);
  const restore = useStore((s) => s.restoreHistory);
  const notify = useStore((s) => s.notify);
  const notifyError = useStore((s) => s.notifyError);
  const [confirming, setConfirming] = useState(false);
  // A reason the host worded is translated; a library's own words (SQLite, the JSON parser) are shown as they are.
  const values = { file: notice.file, keptAs: notice.keptAs, reason: notice.reasonText ? hostText(t, notice.reasonText) : notice.reason, dataDir };

  const onDismiss = async () => {
    const result = await dismiss(notice.id);
    if (!result.ok) notifyError('common:storageNotices.dismissFailed', result.error);
  };
  const onRestore = async (): Promise<boolean> => {
    const result = await restore(notice.id);
    if (!result.ok) {
      notifyError('common:storageNotices.restoreFailed', result.error);
      return false;
    }
    notify({ tone: 'success', titleKey: 'common:storageNotices.restored', values });
    return true;
  };

  return (
    <div className="storage-notice" role="alert" data-testid="storage-notice" data-kind={notice.kind}>
      <FileWarning size={16} aria-hidden className="storage-notice-icon" />
      <div className="storage-notice-text">
        <strong>{t(`storageNotices.${notice.kind}.title`)}</strong>
        <span>{t(`storageNotices.${notice.kind}.body`, values)}</span>
      </div>
      <div className="storage-notice-actions">
        {notice.kind === 'history_moved_aside' ? (
          <button type="button" className="btn btn-sm" onClick={() => setConfirming(true)}>
            <ArchiveRestore size={14} aria-hidden />
            {t('storageNotices.restore')}
          </button>
        ) : null}
        <button type="button" className="btn btn-sm" onClick={() => void onDismiss()} aria-label={t('storageNotices.dismissLabel', values)}>
          <X size={14} aria-hidden />
          {t('storageNotices.dismiss')}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('storageNotices.restoreConfirm.title')}
        description={t('storageNotices.restoreConfirm.body', values)}
        confirmLabel={t('storageNotices.restore')}
        danger={false}
        onConfirm={onRestore}
      />
    </div>
  );
}

/** Every open storage notice, newest last, then the search index build's while it runs (or failed). */
export function StorageNotices() {
  const notices = useStore((s) => s.storageNotices);
  const dataDir = useStore((s) => s.appInfo?.dataDir ?? '');
  const indexNotice = useStore((s) => s.searchIndex.state !== 'ready');
  if (notices.length === 0 && !indexNotice) return null;
  return (
    <div className="storage-notices" data-testid="storage-notices">
      {notices.map((notice) => (
        <NoticeRow key={notice.id} notice={notice} dataDir={dataDir} />
      ))}
      <SearchIndexNotice />
    </div>
  );
}
