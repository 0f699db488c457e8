/** The chat screen: header (title, model, export), the message list, the composer. Without a chat: the start page. */
import { memo, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { Download, FileJson, FileText, MoreHorizontal } from 'lucide-react';
import { useStore } from '../../store/index.ts';
import { notifyError } from './hooks/appActions.ts';
import { Composer } from './composer/Composer.tsx';
import { MessageList } from './messages/MessageList.tsx';
import { ChatStart } from './ChatStart.tsx';
import { ChatCost } from './cost/ChatCost.tsx';
import { FindBar } from './find/FindBar.tsx';
import { ChatSamplingCards } from '../sampling/SamplingCards.tsx';
import './chat.css';

function saveFile(filename: string, mimeType: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const ExportMenu = memo(function ExportMenu({ chatId }: { chatId: string }) {
  const { t } = useTranslation('chat');
  const exportChat = useStore((s) => s.exportChat);
  const run = async (format: 'markdown' | 'json', allBranches = false): Promise<void> => {
    const result = await exportChat(chatId, format, allBranches);
    if (result.ok) saveFile(result.value.filename, result.value.mimeType, result.value.content);
    else notifyError('chat:toast.exportFailed', result.error);
  };
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <button type="button" className="icon-btn" aria-label={t('header.more')}>
          <MoreHorizontal aria-hidden />
        </button>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className="menu-content" align="end" sideOffset={6}>
          <Menu.Label className="chat-menu-label">
            <Download size={12} aria-hidden /> {t('header.export')}
          </Menu.Label>
          <Menu.Item className="menu-item" onSelect={() => void run('markdown')}>
            <FileText aria-hidden />
            {t('header.exportMarkdown')}
          </Menu.Item>
          <Menu.Item className="menu-item" onSelect={() => void run('json')}>
            <FileJson aria-hidden />
            {t('header.exportJson')}
          </Menu.Item>
          <Menu.Item className="menu-item" onSelect={() => void run('json', true)}>
            <FileJson aria-hidden />
            {t('branches:exportAll')}
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
});

/** One chat (or, with no chat id, the start page whose first message creates the chat). */
export function ChatView({ chatId }: { chatId?: string | undefined }) {
  const { t } = useTranslation('chat');
  const open = useStore((s) => (chatId ? s.openChats[chatId] : undefined));
  const loadError = useStore((s) => (chatId ? s.chatLoadErrors[chatId] : undefined));
  const openChat = useStore((s) => s.openChat);
  const connection = useStore((s) => s.connection);

  // (Re)load on open and after a reconnect, when events may have been missed.
  useEffect(() => {
    if (chatId && connection === 'open') void openChat(chatId);
  }, [chatId, connection, openChat]);

  if (!chatId) {
    return (
      <div className="chat-view">
        <ChatStart />
      </div>
    );
  }
  if (!open) {
    return (
      <div className="chat-view">
        <div className="chat-loading">{loadError ? <p className="field-error" role="alert">{t('view.loadFailed', { message: loadError.message })}</p> : <div className="spinner" role="status" aria-label={t('view.loading')} />}</div>
      </div>
    );
  }
  return (
    <div className="chat-view" data-testid="chat-view">
      <header className="chat-header">
        <h1 className="chat-title" title={open.chat.title}>
          {open.chat.title || t('view.untitled')}
        </h1>
        {open.run.generating && <span className="badge badge-info badge-pulse"><span className="badge-dot" />{t('view.generating')}</span>}
        <span className="chat-header-spacer" />
        <ChatCost chatId={chatId} generating={open.run.generating} refreshKey={`${open.messages.at(-1)?.id ?? ''}:${open.messages.at(-1)?.usage?.outputTokens ?? ''}`} />
        <ExportMenu chatId={chatId} />
      </header>
      {/* Siblings: the keys differ, or React may drop or duplicate one of them on an update. */}
      <FindBar key={`find:${chatId}`} open={open} />
      {open.messages.length === 0 && !open.run.generating ? <ChatStart chatId={chatId} /> : <MessageList key={`list:${chatId}`} open={open} />}
      <ChatSamplingCards chatId={chatId} />
      <footer className="chat-footer">
        <Composer key={chatId} chatId={chatId} chatModel={open.chat.model} generating={open.run.generating} run={open.run} />
        <p className="chat-disclaimer">{t('view.disclaimer')}</p>
      </footer>
    </div>
  );
}
