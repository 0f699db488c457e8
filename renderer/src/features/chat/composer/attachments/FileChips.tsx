/** The composer's file chips (thumbnail or icon, name, remove button) and the notices about files not attached. */
import { useTranslation } from 'react-i18next';
import { hostText } from '../../../common/errorText.ts';
import { FileText, FileType, X } from 'lucide-react';
import type { AttachmentKind } from '../../../../../../shared/attachments.ts';
import { VisibleText } from '../../../common/VisibleText.tsx';
import type { ComposerFile, FileNotice } from './useFileAttachments.ts';
import './attachments.css';

/** The icon of a file that has no thumbnail. */
export function FileKindIcon({ kind }: { kind: AttachmentKind | undefined }) {
  return kind === 'pdf' ? <FileType size={15} aria-hidden /> : <FileText size={15} aria-hidden />;
}

/** The chips of the files on the message being written. */
export function FileChips({ files, onRemove }: { files: ComposerFile[]; onRemove: (key: string) => void }) {
  const { t } = useTranslation('attachments');
  if (files.length === 0) return null;
  return (
    <ul className="chat-files" aria-label={t('composer.list')} data-testid="composer-files">
      {files.map((file) => (
        <li key={file.key} className={`chat-file is-${file.state}`} data-kind={file.info?.kind} title={file.name}>
          {file.info?.thumbnail ? <img className="chat-file-thumb" src={file.info.thumbnail} alt="" /> : <FileKindIcon kind={file.info?.kind} />}
          <span className="chat-file-name">
            <VisibleText text={file.name} />
          </span>
          {file.state === 'uploading' && <span className="spinner chat-file-spinner" role="status" aria-label={t('composer.uploading', { name: file.name })} />}
          <button type="button" className="chat-file-remove" aria-label={t('composer.remove', { name: file.name })} onClick={() => onRemove(file.key)}>
            <X size={12} aria-hidden />
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Why files were not attached; shown until dismissed or the next attach. */
export function FileNotices({ notices, onDismiss }: { notices: FileNotice[]; onDismiss: () => void }) {
  const { t } = useTranslation('attachments');
  if (notices.length === 0) return null;
  return (
    <div className="chat-file-notices" role="alert" data-testid="attachment-notices">
      <ul>
        {notices.map((notice, i) => (
          <li key={i}>{'message' in notice ? (notice.text ? hostText(t, notice.text) : notice.message) : t(notice.key, notice.values)}</li>
        ))}
      </ul>
      <button type="button" className="chat-file-remove" aria-label={t('composer.dismiss')} onClick={onDismiss}>
        <X size={12} aria-hidden />
      </button>
    </div>
  );
}

/** Shown in the composer while files are dragged over the chat. */
export function DropHint({ show }: { show: boolean }) {
  const { t } = useTranslation('attachments');
  return show ? <div className="chat-drop-hint">{t('composer.dropHint')}</div> : null;
}
