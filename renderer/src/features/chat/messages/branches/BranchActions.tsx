/** The branching actions on a message: Edit (yours), Regenerate / Retry (replies), Delete, and the failed-message note. */
import { useState } from 'react';
import { AlertTriangle, Pencil, RefreshCw, Trash2 } from 'lucide-react';
import type { ChatMessage } from '../../../../../../shared/chat.ts';
import { useStore } from '../../../../store/index.ts';
import { notifyError } from '../../hooks/appActions.ts';
import './branches.css';
import { useRowText } from '../rowText.ts';

/** Opens the edit box of a user message. */
export function EditButton({ disabled, onEdit }: { disabled: boolean; onEdit: () => void }) {
  const { branches: t } = useRowText();
  return (
    <button type="button" className="chat-msg-action" aria-label={t('edit')} title={disabled ? t('busy') : t('edit')} disabled={disabled} onClick={onEdit}>
      <Pencil size={14} aria-hidden />
    </button>
  );
}

/** Asks again for `replyId`: the new reply is a version beside it. `labelled` shows the word Retry (stopped or failed replies). */
export function RegenerateButton({ chatId, replyId, disabled, labelled = false }: { chatId: string; replyId: string; disabled: boolean; labelled?: boolean }) {
  const { branches: t } = useRowText();
  const regenerate = useStore((s) => s.regenerateMessage);
  // One request per press, however fast the clicks: a second would only be refused as busy.
  const [pending, setPending] = useState(false);
  const run = async (): Promise<void> => {
    if (pending) return;
    setPending(true);
    const result = await regenerate(chatId, replyId);
    setPending(false);
    if (!result.ok) notifyError('branches:toast.regenerateFailed', result.error);
  };
  return (
    <button type="button" className={`chat-msg-action${labelled ? ' branch-retry' : ''}`} aria-label={labelled ? t('retry') : t('regenerate')} title={t('regenerate')} disabled={disabled || pending} onClick={() => void run()}>
      <RefreshCw size={14} aria-hidden />
      {labelled && <span>{t('retry')}</span>}
    </button>
  );
}

/** Deletes a message and what follows it on its branch; the first press asks, the second deletes. */
export function DeleteButton({ message, disabled, labelled = false }: { message: ChatMessage; disabled: boolean; labelled?: boolean }) {
  const { branches: t } = useRowText();
  const remove = useStore((s) => s.deleteMessage);
  const [armed, setArmed] = useState(false);
  const run = async (): Promise<void> => {
    if (!armed) {
      setArmed(true);
      return;
    }
    setArmed(false);
    const result = await remove(message.chatId, message.id);
    if (!result.ok) notifyError('branches:toast.deleteFailed', result.error);
  };
  const label = armed ? t('confirmDelete') : t('deleteMessage');
  return (
    <button type="button" className={`chat-msg-action${armed ? ' is-armed' : ''}`} aria-label={label} title={label} disabled={disabled} onClick={() => void run()} onBlur={() => setArmed(false)}>
      <Trash2 size={14} aria-hidden />
      {(labelled || armed) && <span>{armed ? t('confirmDelete') : t('delete')}</span>}
    </button>
  );
}

/** Under a user message that got no answer: it was not sent to the model, and can be retried, edited or deleted. */
export function FailedNote({ message, replyId, disabled, onEdit }: { message: ChatMessage; replyId: string; disabled: boolean; onEdit: () => void }) {
  const { branches: t } = useRowText();
  return (
    <div className="branch-failed" role="note">
      <AlertTriangle size={14} aria-hidden />
      <span className="branch-failed-text">{t('failed')}</span>
      <RegenerateButton chatId={message.chatId} replyId={replyId} disabled={disabled} labelled />
      <button type="button" className="chat-msg-action" disabled={disabled} onClick={onEdit}>
        <Pencil size={14} aria-hidden />
        <span>{t('editShort')}</span>
      </button>
      <DeleteButton message={message} disabled={disabled} labelled />
    </div>
  );
}
