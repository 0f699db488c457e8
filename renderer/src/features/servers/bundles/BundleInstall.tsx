/**
 * Opening a .mcpb: the "Install bundle" button (a file input; the bytes go to the host in base64), a bundle dropped
 * anywhere on the window, and on the desktop a file the OS hands to the app (the 'bundles.opened' event, by path).
 */
import { Package } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BundlePreview, BundleSource } from '../../../../../shared/bundles.ts';
import { call, getBridge } from '../../../bridge/index.ts';
import { useStore } from '../../../store/index.ts';
import { BundleDialog } from './BundleDialog.tsx';
import { fileToBase64, isBundleName } from './readFile.ts';

/** The button, the drop target and the dialog. */
export function BundleInstall() {
  const { t } = useTranslation('bundles');
  const notify = useStore((s) => s.notify);
  const notifyError = useStore((s) => s.notifyError);
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState<{ preview: BundlePreview; source: BundleSource } | undefined>(undefined);

  const inspect = async (source: BundleSource) => {
    const result = await call('bundles.inspect', { source });
    if (result.ok) setOpen({ preview: result.value, source });
    else notifyError('bundles:refused', result.error);
  };
  const fromFile = async (file: File | undefined) => {
    if (!file) return;
    const base64 = await fileToBase64(file);
    if (base64 === undefined) return notify({ tone: 'error', titleKey: 'bundles:tooLarge', values: { name: file.name } });
    await inspect({ fileName: file.name, base64 });
  };

  // Latest handlers for the window listeners, which are added once.
  const latest = useRef({ fromFile, inspect });
  latest.current = { fromFile, inspect };
  useEffect(() => {
    const over = (event: DragEvent) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    };
    const drop = (event: DragEvent) => {
      const file = [...(event.dataTransfer?.files ?? [])].find((f) => isBundleName(f.name));
      if (!file) return;
      event.preventDefault();
      void latest.current.fromFile(file);
    };
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    const off = getBridge().on('bundles.opened', ({ path }) => void latest.current.inspect({ path }));
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
      off();
    };
  }, []);

  return (
    <>
      <button type="button" className="btn" data-testid="bundle-install-button" onClick={() => input.current?.click()}>
        <Package /> {t('button')}
      </button>
      <input
        ref={input}
        type="file"
        accept=".mcpb,.dxt"
        hidden
        data-testid="bundle-file-input"
        onChange={(e) => {
          void fromFile(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {open ? <BundleDialog preview={open.preview} source={open.source} onClose={() => setOpen(undefined)} /> : null}
    </>
  );
}
