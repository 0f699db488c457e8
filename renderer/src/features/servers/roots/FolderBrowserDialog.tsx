/**
 * Web mode's "Choose folder…" and "Choose file…": a small dialog over the host's browser (`folders.list`), starting at
 * the user's home. Choosing a folder, it shows folder names and the folder shown is the one chosen; choosing a file, it
 * shows the folders then the files, and the host checks the chosen path is a file (`files.check`).
 */
import { ArrowUp, FileText, Folder, Home } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../../../shared/errors.ts';
import type { FolderListing } from '../../../../../shared/folders.ts';
import { call } from '../../../bridge/index.ts';
import { Dialog } from '../../common/Dialog.tsx';
import { errorMessage } from '../../common/errorText.ts';
import type { PathKind } from './ChooseFolderButton.tsx';
import './roots.css';

/** Props of FolderBrowserDialog. */
export interface FolderBrowserDialogProps {
  /** Where to start (default: home); choosing a file, a file's path starts in its folder with it selected. */
  start?: string | undefined;
  /** A folder (default) or a file. */
  kind?: PathKind;
  onChoose: (path: string) => void;
  onClose: () => void;
}

const errorKeys: Record<string, string> = { not_a_directory: 'errors.notADirectory', not_found: 'errors.notFound', not_absolute: 'errors.notAbsolute', not_a_file: 'errors.notAFile' };

/** The browser dialog. */
export function FolderBrowserDialog({ start, kind = 'folder', onChoose, onClose }: FolderBrowserDialogProps) {
  const { t } = useTranslation('roots');
  const files = kind === 'file';
  const [listing, setListing] = useState<FolderListing | undefined>(undefined);
  const [typed, setTyped] = useState('');
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const [showHidden, setShowHidden] = useState(false);
  const [error, setError] = useState<{ error: AppError; path: string } | undefined>(undefined);

  const load = useCallback(
    async (path: string | undefined, hidden: boolean): Promise<void> => {
      const result = await call('folders.list', { ...(path ? { path } : {}), showHidden: hidden, ...(files ? { files: true } : {}) });
      if (result.ok) {
        setListing(result.value);
        setTyped(result.value.path);
        setSelected(undefined);
        setError(undefined);
        return;
      }
      // Choosing a file, a file's path opens its folder with the file selected.
      if (files && path && result.error.detail === 'not_a_directory') {
        const file = await call('files.check', { path });
        if (file.ok) {
          await load(file.value.folder, hidden);
          setSelected(file.value.path);
          setTyped(file.value.path);
          return;
        }
      }
      setError({ error: result.error, path: path ?? '' });
    },
    [files],
  );
  useEffect(() => {
    void load(start, false);
  }, [load, start]);

  const go = () => void load(typed.trim() || undefined, showHidden);
  const choose = async () => {
    if (!files) return listing && onChoose(listing.path);
    const path = typed.trim();
    const file = await call('files.check', { path });
    if (file.ok) onChoose(file.value.path);
    else setError({ error: file.error, path });
  };
  const detail = error?.error.detail;
  // "No folder at" would mislead when the path typed was meant as a file.
  const errorKey = detail === 'not_found' && files ? 'errors.nothingAt' : detail !== undefined ? errorKeys[detail] : undefined;
  const footer = (
    <>
      <button type="button" className="btn" onClick={onClose}>
        {t('cancel')}
      </button>
      <button type="button" className="btn btn-primary" disabled={files ? typed.trim() === '' : !listing} data-testid="folder-browser-choose" onClick={() => void choose()}>
        {t(files ? 'chooseThisFile' : 'chooseThis')}
      </button>
    </>
  );
  return (
    <Dialog open onOpenChange={(o) => (o ? undefined : onClose())} title={t(files ? 'fileTitle' : 'title')} description={t(files ? 'fileDescription' : 'description')} footer={footer} testId="folder-browser">
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
          aria-label={t(files ? 'filePath' : 'path')}
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
        {t(files ? 'showHiddenFiles' : 'showHidden')}
      </label>
      {error ? (
        <p className="field-error" role="alert">
          {errorKey ? t(errorKey, { path: error.path }) : errorMessage(t, error.error)}
        </p>
      ) : null}
      <ul className="sv-folder-list" aria-label={t(files ? 'foldersAndFiles' : 'folders')} data-testid="folder-browser-list">
        {listing?.folders.map((folder) => (
          <li key={folder.path}>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => void load(folder.path, showHidden)}>
              <Folder /> {folder.name}
            </button>
          </li>
        ))}
        {listing?.files?.map((file) => (
          <li key={file.path}>
            <button
              type="button"
              className={`btn btn-ghost btn-sm${selected === file.path ? ' is-selected' : ''}`}
              aria-pressed={selected === file.path}
              data-kind="file"
              onClick={() => {
                setSelected(file.path);
                setTyped(file.path);
                setError(undefined);
              }}
            >
              <FileText /> {file.name}
            </button>
          </li>
        ))}
        {listing && listing.folders.length === 0 && (listing.files?.length ?? 0) === 0 ? <li className="field-hint">{t(files ? 'emptyFiles' : 'empty')}</li> : null}
      </ul>
      {listing?.truncated ? <p className="field-hint">{t('truncated')}</p> : null}
    </Dialog>
  );
}
