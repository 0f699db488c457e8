/** A modal dialog's overlay; while it is in the page the root element has `has-dialog` (the toast strip spans the window). */
import * as RadixDialog from '@radix-ui/react-dialog';
import { useLayoutEffect } from 'react';
import { markRoot } from './rootMark.ts';

/** The dim layer under a modal dialog. */
export function DialogOverlay() {
  // Before the overlay's first paint, as the `:has(.dialog-overlay)` rule it replaces applied in the same frame.
  useLayoutEffect(() => markRoot('has-dialog'), []);
  return <RadixDialog.Overlay className="dialog-overlay" />;
}
