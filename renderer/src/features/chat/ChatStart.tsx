/** The start page of a chat with no messages: a greeting and what to set up or try next. */
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Rect } from '@tanstack/react-virtual';
import { KeyRound, Paperclip, Server, Slash } from 'lucide-react';
import { useStore } from '../../store/index.ts';
import { countEnabledTools } from '../../store/toolsDelta.ts';
import { navigate } from './hooks/appActions.ts';
import { Composer } from './composer/Composer.tsx';
import { handOverListArea } from './messages/listArea.ts';
import './chat.css';

function Hints() {
  const { t } = useTranslation('chat');
  const hasKey = useStore((s) => s.settings?.hasApiKey ?? true);
  const servers = useStore((s) => s.servers);
  const serversLoaded = useStore((s) => s.serversLoaded);
  const ready = servers.filter((s) => s.status.state === 'ready');
  const tools = useStore((s) => countEnabledTools(s.toolsByServer));
  const cards = hasKey ? 3 : 4;
  return (
    <div className={`chat-start-hints has-${cards}`}>
      {!hasKey && (
        <button type="button" className="chat-start-card is-warning" onClick={() => navigate({ view: 'settings' })}>
          <KeyRound size={18} aria-hidden />
          <span>
            <strong>{t('start.noKeyTitle')}</strong>
            <span>{t('start.noKeyBody')}</span>
          </span>
        </button>
      )}
      {serversLoaded && servers.length === 0 ? (
        <button type="button" className="chat-start-card" onClick={() => navigate({ view: 'servers' })}>
          <Server size={18} aria-hidden />
          <span>
            <strong>{t('start.noServersTitle')}</strong>
            <span>{t('start.noServersBody')}</span>
          </span>
        </button>
      ) : (
        <div className="chat-start-card is-static">
          <Server size={18} aria-hidden />
          <span>
            <strong>{t('start.toolsTitle', { count: tools })}</strong>
            <span>{t('start.toolsBody', { count: ready.length })}</span>
          </span>
        </div>
      )}
      <div className="chat-start-card is-static">
        <Slash size={18} aria-hidden />
        <span>
          <strong>{t('start.promptsTitle')}</strong>
          <span>{t('start.promptsBody')}</span>
        </span>
      </div>
      <div className="chat-start-card is-static">
        <Paperclip size={18} aria-hidden />
        <span>
          <strong>{t('start.attachTitle')}</strong>
          <span>{t('start.attachBody')}</span>
        </span>
      </div>
    </div>
  );
}

/** Inside an empty chat (with its id) only the greeting; as the app's start page, also a composer that creates the chat. */
export function ChatStart({ chatId }: { chatId?: string }) {
  const { t } = useTranslation('chat');
  const wrap = useRef<HTMLDivElement>(null);
  // Inside a chat, the area is where the message list goes once the first message arrives: its size, as observed (no
  // layout read), is handed to the list as the greeting leaves (messages/listArea.ts).
  useLayoutEffect(() => {
    const element = wrap.current;
    if (!chatId || !element || typeof ResizeObserver !== 'function') return;
    let size: Rect | undefined;
    const observer = new ResizeObserver((entries) => {
      const box = entries[0]?.borderBoxSize[0];
      if (box) size = { width: Math.round(box.inlineSize), height: Math.round(box.blockSize) };
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      handOverListArea(chatId, size);
    };
  }, [chatId]);
  return (
    <div className="chat-start-wrap" ref={wrap}>
      <div className="chat-start">
        <h2 className="chat-start-title">{t('start.title')}</h2>
        <p className="chat-start-sub">{t('start.subtitle')}</p>
        {!chatId && (
          <div className="chat-start-composer">
            <Composer key="new" chatModel={undefined} generating={false} />
          </div>
        )}
        <Hints />
      </div>
    </div>
  );
}
