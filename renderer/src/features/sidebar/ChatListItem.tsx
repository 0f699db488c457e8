/** One chat in the sidebar: opens on click; its menu renames (inline) or deletes (after confirming). */
import * as Menu from '@radix-ui/react-dropdown-menu';
import { MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatSummary } from '../../../../shared/chat.ts';
import { ConfirmDialog } from '../common/ConfirmDialog.tsx';
import { useStore } from '../../store/index.ts';
import { WaitingBadge } from './WaitingBadge.tsx';

/** Props of ChatListItem. */
export interface ChatListItemProps {
  chat: ChatSummary;
  active: boolean;
  /** Decisions waiting in this chat (approvals, elicitations, sampling), shown as a badge. */
  waiting?: number;
  onOpen: (chatId: string) => void;
}

/** A chat row with rename and delete. */
export function ChatListItem({ chat, active, waiting = 0, onOpen }: ChatListItemProps) {
  const { t } = useTranslation('sidebar');
  const renameChat = useStore((s) => s.renameChat);
  const deleteChat = useStore((s) => s.deleteChat);
  const notifyError = useStore((s) => s.notifyError);
  const navigate = useStore((s) => s.navigate);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(chat.title);
  const [confirming, setConfirming] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // Set when "Rename" is chosen, so the closing menu does not pull focus back from the new input.
  const renameChosen = useRef(false);

  useEffect(() => {
    if (editing) input.current?.select();
  }, [editing]);

  const save = async () => {
    const title = draft.trim();
    setEditing(false);
    if (!title || title === chat.title) return;
    const result = await renameChat(chat.id, title);
    if (!result.ok) notifyError('sidebar:renameFailed', result.error);
  };

  const remove = async () => {
    const result = await deleteChat(chat.id);
    if (!result.ok) {
      notifyError('sidebar:deleteFailed', result.error);
      return false;
    }
    if (active) navigate({ view: 'chat' });
    return true;
  };

  if (editing) {
    return (
      <div className="sb-chat sb-chat-editing">
        <input
          ref={input}
          className="sb-chat-rename"
          value={draft}
          aria-label={t('renameLabel')}
          maxLength={200}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={() => void save()}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void save();
            if (e.key === 'Escape') {
              setDraft(chat.title);
              setEditing(false);
            }
          }}
        />
      </div>
    );
  }

  return (
    <div className={active ? 'sb-chat sb-chat-active' : 'sb-chat'} data-testid="chat-item">
      <button type="button" className="sb-chat-open" aria-current={active ? 'page' : undefined} onClick={() => onOpen(chat.id)} title={chat.title}>
        <span className="sb-chat-title">{chat.title || t('untitled')}</span>
        <WaitingBadge count={waiting} testId="chat-badge" />
      </button>
      <Menu.Root>
        <Menu.Trigger className="icon-btn sb-chat-menu" aria-label={t('chatActions', { title: chat.title })}>
          <MoreHorizontal />
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Content
            className="menu-content"
            align="start"
            sideOffset={4}
            onCloseAutoFocus={(e) => {
              if (renameChosen.current) e.preventDefault();
              renameChosen.current = false;
            }}
          >
            <Menu.Item
              className="menu-item"
              onSelect={() => {
                renameChosen.current = true;
                setDraft(chat.title);
                setEditing(true);
              }}
            >
              <Pencil /> {t('rename')}
            </Menu.Item>
            <Menu.Item className="menu-item menu-item-danger" onSelect={() => setConfirming(true)}>
              <Trash2 /> {t('delete')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Portal>
      </Menu.Root>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('deleteTitle')}
        description={t('deleteDescription', { title: chat.title })}
        confirmLabel={t('delete')}
        onConfirm={remove}
      />
    </div>
  );
}
