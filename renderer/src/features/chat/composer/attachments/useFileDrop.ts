/**
 * Files dropped anywhere on the chat (or the start page) and images pasted into the message box go to the composer.
 * Dropped .mcpb bundles are left to the app shell, which installs them (servers/bundles/useBundleOpening.ts).
 */
import { useEffect, useState, type ClipboardEvent, type RefObject } from 'react';
import { isBundleName } from '../../../servers/bundles/readFile.ts';
import { pastedName } from './fileCheck.ts';

const hasFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') === true;

/** Listens for drops on the chat around `anchor`; answers whether files are being dragged over it. */
export function useFileDrop(anchor: RefObject<HTMLElement | null>, onFiles: (files: File[]) => void): boolean {
  const [over, setOver] = useState(false);
  useEffect(() => {
    const target = anchor.current?.closest<HTMLElement>('.chat-view, .chat-start-wrap') ?? anchor.current?.parentElement;
    if (!target) return;
    let depth = 0;
    const enter = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      depth++;
      setOver(true);
    };
    const leave = () => {
      depth = Math.max(0, depth - 1);
      if (depth === 0) setOver(false);
    };
    const dragOver = (event: DragEvent) => {
      if (hasFiles(event)) event.preventDefault();
    };
    const drop = (event: DragEvent) => {
      depth = 0;
      setOver(false);
      const files = [...(event.dataTransfer?.files ?? [])].filter((f) => !isBundleName(f.name));
      if (files.length === 0) return;
      event.preventDefault();
      onFiles(files);
    };
    target.addEventListener('dragenter', enter);
    target.addEventListener('dragleave', leave);
    target.addEventListener('dragover', dragOver);
    target.addEventListener('drop', drop);
    return () => {
      target.removeEventListener('dragenter', enter);
      target.removeEventListener('dragleave', leave);
      target.removeEventListener('dragover', dragOver);
      target.removeEventListener('drop', drop);
    };
  }, [anchor, onFiles]);
  return over;
}

/**
 * The message box's paste handler: pasted files (a screenshot, an image copied in a browser) become attachments.
 * When the clipboard also holds text (a selection copied from a document), the text is what the user meant to paste.
 */
export function pasteFiles(event: ClipboardEvent<HTMLTextAreaElement>, onFiles: (files: File[], nameOf: (file: File) => string) => void): void {
  const data = event.clipboardData;
  if (data.files.length === 0 || data.types.includes('text/plain')) return;
  event.preventDefault();
  const at = new Date();
  onFiles([...data.files], (file) => pastedName(file, at));
}
