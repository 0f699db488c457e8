/**
 * "Choose folder…" / "Choose file…": the OS dialog on the desktop (folders.pick, files.pick), the host's browser in web
 * mode (app.info.folderPicker).
 */
import { FileText, FolderOpen } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../bridge/index.ts';
import { useStore } from '../../../store/index.ts';
import { FolderBrowserDialog } from './FolderBrowserDialog.tsx';

/** What the button chooses. */
export type PathKind = 'folder' | 'file';

/** Props of ChooseFolderButton. */
export interface ChooseFolderButtonProps {
  /** Where the picker starts (default: home). */
  start?: string | undefined;
  /** A folder (default) or a file. */
  kind?: PathKind;
  /** Several files at once from the desktop's dialog (the web browser chooses one per click). */
  multiple?: boolean;
  /** Called once per chosen path. */
  onChosen: (path: string) => void;
}

/** The button, and the browser dialog when this window has no OS dialog. */
export function ChooseFolderButton({ start, kind = 'folder', multiple = false, onChosen }: ChooseFolderButtonProps) {
  const { t } = useTranslation('roots');
  const picker = useStore((s) => s.appInfo?.folderPicker);
  const notifyError = useStore((s) => s.notifyError);
  const [browsing, setBrowsing] = useState(false);
  const from = start ? { start } : {};
  const choose = async () => {
    if (picker !== 'native') return setBrowsing(true);
    if (kind === 'file') {
      const picked = await call('files.pick', { ...from, multiple });
      if (!picked.ok) notifyError('roots:pickFileFailed', picked.error);
      else picked.value.paths.forEach(onChosen);
      return;
    }
    const picked = await call('folders.pick', from);
    if (!picked.ok) notifyError('roots:pickFailed', picked.error);
    else if (picked.value.path !== null) onChosen(picked.value.path);
  };
  return (
    <>
      <button type="button" className="btn btn-sm btn-ghost sv-add-row" data-testid={kind === 'file' ? 'choose-file' : 'choose-folder'} onClick={() => void choose()}>
        {kind === 'file' ? <FileText /> : <FolderOpen />} {t(kind === 'file' ? 'chooseFile' : 'chooseFolder')}
      </button>
      {browsing ? (
        <FolderBrowserDialog
          start={start}
          kind={kind}
          onClose={() => setBrowsing(false)}
          onChoose={(path) => {
            setBrowsing(false);
            onChosen(path);
          }}
        />
      ) : null}
    </>
  );
}
