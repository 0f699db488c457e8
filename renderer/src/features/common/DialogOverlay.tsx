/** A modal dialog's overlay; while it is in the page the root element has `has-dialog` (the toast strip spans the window). */
import * as RadixDialog from '@radix-ui/react-dialog';
import { useEffect } from 'react';
import { markRoot } from './rootMark.ts';

/** The dim layer under a modal dialog. */
export function DialogOverlay() {
  useEffect(() => markRoot('has-dialog'), []);
  return <RadixDialog.Overlay className="dialog-overlay" />;
}
