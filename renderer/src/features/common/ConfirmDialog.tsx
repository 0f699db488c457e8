/** A yes/no confirmation for destructive actions; the confirm button says what it does. */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './Dialog.tsx';

/** Props of ConfirmDialog. */
export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  /** Runs on confirm; the dialog stays open (busy) until it settles, and closes when it returns true. */
  onConfirm: () => Promise<boolean>;
  danger?: boolean;
}

/** Asks before doing something that cannot be undone. */
export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, onConfirm, danger = true }: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      if (await onConfirm()) onOpenChange(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      testId="confirm-dialog"
      footer={
        <>
          <button type="button" className="btn" onClick={() => onOpenChange(false)}>
            {t('cancel')}
          </button>
          <button type="button" className={danger ? 'btn btn-danger' : 'btn btn-primary'} disabled={busy} onClick={() => void confirm()}>
            {busy ? <span className="spinner" aria-hidden /> : null}
            {confirmLabel}
          </button>
        </>
      }
    />
  );
}
