/** The `< 2/3 >` switcher under a message that has other versions (edits or regenerations). */
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ChatMessage } from '../../../../../../shared/chat.ts';
import { versionOf } from '../../../../../../shared/branches.ts';
import { useStore } from '../../../../store/index.ts';
import { notifyError } from '../../hooks/appActions.ts';
import { useRowText } from '../rowText.ts';

// After a switch the message row is a new element: focus goes to the same button on it, so the keyboard user stays
// in place and hears the new position (the group's label).
function focusSwitcher(messageId: string, direction: 'previous' | 'next'): void {
  requestAnimationFrame(() => {
    const row = document.querySelector(`[data-message-id="${CSS.escape(messageId)}"]`);
    const button = row?.querySelector<HTMLButtonElement>(`.branch-switcher [data-direction="${direction}"]`);
    (button && !button.disabled ? button : row?.querySelector<HTMLButtonElement>('.branch-switcher button:not(:disabled)'))?.focus();
  });
}

/** Renders nothing for a message with one version; `disabled` while the chat is answering. */
export function BranchSwitcher({ message, disabled }: { message: ChatMessage; disabled: boolean }) {
  const { branches: t } = useRowText();
  const switchBranch = useStore((s) => s.switchBranch);
  const version = versionOf(message);
  if (!version) return null;
  const go = async (target: string | undefined, direction: 'previous' | 'next'): Promise<void> => {
    if (!target) return;
    const result = await switchBranch(message.chatId, target);
    if (!result.ok) notifyError('branches:toast.switchFailed', result.error);
    else focusSwitcher(target, direction);
  };
  const position = t('position', { index: version.index, count: version.count });
  return (
    <div className="branch-switcher" role="group" aria-label={position}>
      <button type="button" className="chat-msg-action" data-direction="previous" aria-label={t('previous')} title={t('previous')} disabled={disabled || !version.previous} onClick={() => void go(version.previous, 'previous')}>
        <ChevronLeft size={14} aria-hidden />
      </button>
      <span className="branch-position" aria-live="polite">
        <span aria-hidden>
          {version.index}/{version.count}
        </span>
        <span className="visually-hidden">{position}</span>
      </span>
      <button type="button" className="chat-msg-action" data-direction="next" aria-label={t('next')} title={t('next')} disabled={disabled || !version.next} onClick={() => void go(version.next, 'next')}>
        <ChevronRight size={14} aria-hidden />
      </button>
    </div>
  );
}
