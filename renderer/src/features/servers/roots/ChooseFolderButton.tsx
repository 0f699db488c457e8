/** "Choose folder…": the OS dialog on the desktop (folders.pick), the host's folder browser in web mode (app.info.folderPicker). */
import { FolderOpen } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../bridge/index.ts';
import { useStore } from '../../../store/index.ts';
import { FolderBrowserDialog } from './FolderBrowserDialog.tsx';

/** Props of ChooseFolderButton. */
export interface ChooseFolderButtonProps {
  /** Where the picker starts (default: home). */
  start?: string | undefined;
  onChosen: (path: string) => void;
}

/** The button, and the browser dialog when this window has no OS dialog. */
export function ChooseFolderButton({ start, onChosen }: ChooseFolderButtonProps) {
  const { t } = useTranslation('roots');
  const kind = useStore((s) => s.appInfo?.folderPicker);
  const notifyError = useStore((s) => s.notifyError);
  const [browsing, setBrowsing] = useState(false);
  const choose = async () => {
    if (kind !== 'native') return setBrowsing(true);
    const picked = await call('folders.pick', start ? { start } : {});
    if (!picked.ok) notifyError('roots:pickFailed', picked.error);
    else if (picked.value.path !== null) onChosen(picked.value.path);
  };
  return (
    <>
      <button type="button" className="btn btn-sm btn-ghost sv-add-row" data-testid="choose-folder" onClick={() => void choose()}>
        <FolderOpen /> {t('chooseFolder')}
      </button>
      {browsing ? (
        <FolderBrowserDialog
          start={start}
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
