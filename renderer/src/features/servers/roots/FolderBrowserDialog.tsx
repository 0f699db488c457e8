/**
 * Web mode's "Choose folder…": a small dialog over the host's folder browser (`folders.list`), starting at the
 * user's home. It shows folder names only; the folder shown is the one chosen.
 */
import { ArrowUp, Folder, Home } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../../../shared/errors.ts';
import type { FolderListing } from '../../../../../shared/folders.ts';
import { call } from '../../../bridge/index.ts';
import { Dialog } from '../../common/Dialog.tsx';
import './roots.css';

/** Props of FolderBrowserDialog. */
export interface FolderBrowserDialogProps {
  /** Where to start (default: home). */
  start?: string | undefined;
  onChoose: (path: string) => void;
  onClose: () => void;
}

const errorKeys: Record<string, string> = { not_a_directory: 'errors.notADirectory', not_found: 'errors.notFound', not_absolute: 'errors.notAbsolute' };

/** The folder browser dialog. */
export function FolderBrowserDialog({ start, onChoose, onClose }: FolderBrowserDialogProps) {
  const { t } = useTranslation('roots');
  const [listing, setListing] = useState<FolderListing | undefined>(undefined);
  const [typed, setTyped] = useState('');
  const [showHidden, setShowHidden] = useState(false);
  const [error, setError] = useState<{ error: AppError; path: string } | undefined>(undefined);

  const load = useCallback(
    async (path: string | undefined, hidden: boolean) => {
      const result = await call('folders.list', { ...(path ? { path } : {}), showHidden: hidden });
      if (result.ok) {
        setListing(result.value);
        setTyped(result.value.path);
        setError(undefined);
      } else setError({ error: result.error, path: path ?? '' });
    },
    [],
  );
  useEffect(() => {
    void load(start, false);
  }, [load, start]);

  const go = () => void load(typed.trim() || undefined, showHidden);
  const errorKey = error?.error.detail !== undefined ? errorKeys[error.error.detail] : undefined;
  const footer = (
    <>
      <button type="button" className="btn" onClick={onClose}>
        {t('cancel')}
      </button>
      <button type="button" className="btn btn-primary" disabled={!listing} data-testid="folder-browser-choose" onClick={() => listing && onChoose(listing.path)}>
        {t('chooseThis')}
      </button>
    </>
  );
  return (
    <Dialog open onOpenChange={(o) => (o ? undefined : onClose())} title={t('title')} description={t('description')} footer={footer} testId="folder-browser">
      {/* Not a <form>: React events bubble through the portal, and a submit would reach the server form behind. */}
      <div className="sv-folder-path">
        <button type="button" className="icon-btn" aria-label={t('up')} disabled={!listing?.parent} onClick={() => listing?.parent && void load(listing.parent, showHidden)}>
          <ArrowUp />
        </button>
        <button type="button" className="icon-btn" aria-label={t('home')} onClick={() => void load(listing?.home, showHidden)}>
          <Home />
        </button>
        <input
          className="input mono"
          aria-label={t('path')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            go();
          }}
          data-testid="folder-browser-path"
        />
        <button type="button" className="btn btn-sm" onClick={go}>
          {t('go')}
        </button>
      </div>
      <label className="sv-switch-row">
        <input
          type="checkbox"
          checked={showHidden}
          onChange={(e) => {
            setShowHidden(e.target.checked);
            void load(listing?.path, e.target.checked);
          }}
        />
        {t('showHidden')}
      </label>
      {error ? (
        <p className="field-error" role="alert">
          {errorKey ? t(errorKey, { path: error.path }) : error.error.message}
        </p>
      ) : null}
      <ul className="sv-folder-list" aria-label={t('folders')} data-testid="folder-browser-list">
        {listing?.folders.map((folder) => (
          <li key={folder.path}>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => void load(folder.path, showHidden)}>
              <Folder /> {folder.name}
            </button>
          </li>
        ))}
        {listing && listing.folders.length === 0 ? <li className="field-hint">{t('empty')}</li> : null}
      </ul>
      {listing?.truncated ? <p className="field-hint">{t('truncated')}</p> : null}
    </Dialog>
  );
}
