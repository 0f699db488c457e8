/**
 * Opening a .mcpb in the Servers view: the "Install bundle" button (a file input; the bytes go to the host in base64),
 * and bundles dropped on the window or handed over by the desktop (queued by useBundleOpening while any view shows).
 */
import { Package } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BundlePreview, BundleSource } from '../../../../../shared/bundles.ts';
import { call } from '../../../bridge/index.ts';
import { useStore } from '../../../store/index.ts';
import { BundleDialog } from './BundleDialog.tsx';
import { fileToBase64 } from './readFile.ts';
import { takeOpenedBundles } from './useBundleOpening.ts';

/** The button and the dialog. */
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
  const tooLarge = (name: string) => notify({ tone: 'error', titleKey: 'bundles:tooLarge', values: { name } });
  const fromFile = async (file: File | undefined) => {
    if (!file) return;
    const base64 = await fileToBase64(file);
    if (base64 === undefined) return tooLarge(file.name);
    await inspect({ fileName: file.name, base64 });
  };

  // Latest handlers for the queue subscription, which is made once.
  const latest = useRef({ inspect, tooLarge });
  latest.current = { inspect, tooLarge };
  useEffect(() => takeOpenedBundles((opened) => ('tooLarge' in opened ? latest.current.tooLarge(opened.tooLarge) : void latest.current.inspect(opened))), []);

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
