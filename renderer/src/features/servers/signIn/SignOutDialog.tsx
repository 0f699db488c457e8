/** Asks before signing out of a remote server: its tokens are revoked and forgotten, and it will ask to sign in again. */
import { useTranslation } from 'react-i18next';
import { call } from '../../../bridge/index.ts';
import { useStore } from '../../../store/index.ts';
import { ConfirmDialog } from '../../common/ConfirmDialog.tsx';

/** Props of SignOutDialog. */
export interface SignOutDialogProps {
  serverId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The confirmation; a failure is told in a toast and leaves the dialog open. */
export function SignOutDialog({ serverId, open, onOpenChange }: SignOutDialogProps) {
  const { t } = useTranslation('servers');
  const notify = useStore((s) => s.notify);
  const notifyError = useStore((s) => s.notifyError);
  const signOut = async (): Promise<boolean> => {
    const result = await call('servers.signOut', { id: serverId });
    if (!result.ok) {
      notifyError('servers:signOut.failed', result.error, { name: serverId });
      return false;
    }
    notify({ tone: 'success', titleKey: 'servers:signOut.done', values: { name: serverId } });
    return true;
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('signOut.title', { name: serverId })}
      description={t('signOut.description')}
      confirmLabel={t('signOut.confirm')}
      onConfirm={signOut}
    />
  );
}
