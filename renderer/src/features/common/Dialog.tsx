/** A modal dialog with the app's header/body/footer layout, on Radix Dialog (focus trap, Esc, labelled). */
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { focusOrigin, restoreFocus } from './focusReturn.ts';
import { DialogOverlay } from './DialogOverlay.tsx';

/** Props of Dialog. */
export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
  /** Test id of the content element. */
  testId?: string;
}

/** A click on a toast (they show above the overlay) is not a click outside the dialog: it must not close it. */
function onToast(e: { target: EventTarget | null; preventDefault: () => void }): void {
  if (e.target instanceof Element && e.target.closest('.toast-strip')) e.preventDefault();
}

/** A modal dialog; closing by Esc, the overlay or the close button calls onOpenChange(false); focus then returns where it was. */
export function Dialog({ open, onOpenChange, title, description, children, footer, wide, testId }: DialogProps) {
  const { t } = useTranslation('common');
  // Read as the dialog opens: the trigger, or the element focused before a menu that opened it.
  const origin = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (open) origin.current = focusOrigin();
  }, [open]);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <DialogOverlay />
        <RadixDialog.Content
          className={wide ? 'dialog-content dialog-wide' : 'dialog-content'}
          data-testid={testId}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onPointerDownOutside={onToast}
          onInteractOutside={onToast}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            restoreFocus(origin.current);
          }}
        >
          <div className="dialog-header">
            <div style={{ flex: 1 }}>
              <RadixDialog.Title className="dialog-title">{title}</RadixDialog.Title>
              {description ? <RadixDialog.Description className="dialog-description">{description}</RadixDialog.Description> : null}
            </div>
            <RadixDialog.Close className="icon-btn" aria-label={t('close')}>
              <X />
            </RadixDialog.Close>
          </div>
          {children ? <div className="dialog-body">{children}</div> : null}
          {footer ? <div className="dialog-footer">{footer}</div> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
