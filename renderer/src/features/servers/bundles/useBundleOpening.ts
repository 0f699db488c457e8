/**
 * Bundles opened while any view shows: a .mcpb dropped on the window, or (desktop) a file the OS handed to the app.
 * Mounted once by the app shell; it switches to Servers, where BundleInstall takes the queued source and inspects it.
 */
import { useEffect } from 'react';
import type { BundleSource } from '../../../../../shared/bundles.ts';
import { getBridge } from '../../../bridge/index.ts';
import { useStore } from '../../../store/index.ts';
import { fileToBase64, isBundleName } from './readFile.ts';

type Opened = BundleSource | { tooLarge: string };
const queue: Opened[] = [];
let listener: ((opened: Opened) => void) | undefined;

function push(opened: Opened): void {
  if (listener) listener(opened);
  else queue.push(opened);
}

/** BundleInstall's side: takes what is queued now and what comes later; returns unsubscribe. */
export function takeOpenedBundles(take: (opened: Opened) => void): () => void {
  listener = take;
  for (const opened of queue.splice(0)) take(opened);
  return () => {
    if (listener === take) listener = undefined;
  };
}

/** The shell's side: window drops and the desktop's 'bundles.opened' event. */
export function useBundleOpening(): void {
  const navigate = useStore((s) => s.navigate);
  useEffect(() => {
    const over = (event: DragEvent) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    };
    const drop = (event: DragEvent) => {
      const file = [...(event.dataTransfer?.files ?? [])].find((f) => isBundleName(f.name));
      if (!file) return;
      event.preventDefault();
      navigate({ view: 'servers' });
      void fileToBase64(file).then((base64) => push(base64 === undefined ? { tooLarge: file.name } : { fileName: file.name, base64 }));
    };
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    const off = getBridge().on('bundles.opened', ({ path }) => {
      navigate({ view: 'servers' });
      push({ path });
    });
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
      off();
    };
  }, [navigate]);
}
