/** A modal dialog with the app's header/body/footer layout, on Radix Dialog (focus trap, Esc, labelled). */
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

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

/** A modal dialog; closing by Esc, the overlay or the close button calls onOpenChange(false). */
export function Dialog({ open, onOpenChange, title, description, children, footer, wide, testId }: DialogProps) {
  const { t } = useTranslation('common');
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content
          className={wide ? 'dialog-content dialog-wide' : 'dialog-content'}
          data-testid={testId}
          {...(description ? {} : { 'aria-describedby': undefined })}
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
