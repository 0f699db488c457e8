/** Edits a sent message in place: Enter (or the button) sends it as a new version, Escape cancels. */
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The edit box shown instead of a user message's bubble. */
export function EditBox({ initial, onSend, onCancel }: { initial: string; onSend: (text: string) => Promise<boolean>; onCancel: () => void }) {
  const { t } = useTranslation('branches');
  const [text, setText] = useState(initial);
  const [sending, setSending] = useState(false);
  const send = async (): Promise<void> => {
    if (sending || text.trim().length === 0) return;
    setSending(true);
    // On failure the box stays open with the text, so nothing typed is lost.
    if (!(await onSend(text))) setSending(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };
  return (
    <form
      className="branch-edit"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <textarea aria-label={t('editLabel')} value={text} onChange={(e) => setText(e.target.value)} onKeyDown={onKeyDown} rows={Math.min(10, Math.max(2, text.split('\n').length))} autoFocus />
      <div className="branch-edit-actions">
        <button type="button" className="btn btn-sm" onClick={onCancel}>
          {t('cancel')}
        </button>
        <button type="submit" className="btn btn-primary btn-sm" disabled={sending || text.trim().length === 0}>
          {t('send')}
        </button>
      </div>
    </form>
  );
}
