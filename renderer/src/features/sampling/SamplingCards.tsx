/**
 * Where sampling cards appear: inside the chat whose tool call caused them (ChatSamplingCards), and in a global dock
 * for requests with no chat, or whose chat is not the one on screen (SamplingDock, mounted once by the app).
 */
import { useTranslation } from 'react-i18next';
import { useStore } from '../../store/index.ts';
import { SamplingCard } from './SamplingCard.tsx';
import { useSampling } from './useSampling.ts';

/** The cards of one chat, shown in that chat. */
export function ChatSamplingCards({ chatId }: { chatId: string }) {
  const { pending, answer } = useSampling();
  const mine = pending.filter((request) => request.chatId === chatId);
  if (mine.length === 0) return null;
  return (
    <div className="sampling-in-chat">
      {mine.map((request) => (
        <SamplingCard key={request.id} request={request} onAnswer={answer} />
      ))}
    </div>
  );
}

/** Every card not shown inside the open chat. */
export function SamplingDock() {
  const { t } = useTranslation('sampling');
  const { pending, answer } = useSampling();
  const view = useStore((s) => s.view);
  const openChatId = useStore((s) => s.chatId);
  const chats = useStore((s) => s.chatList);
  const elsewhere = pending.filter((request) => request.chatId === undefined || view !== 'chat' || request.chatId !== openChatId);
  if (elsewhere.length === 0) return null;
  return (
    <aside className="sampling-dock" aria-label={t('dock')} data-testid="sampling-dock">
      {elsewhere.map((request) => (
        <SamplingCard key={request.id} request={request} onAnswer={answer} {...(request.chatId ? { chatTitle: chats.find((chat) => chat.id === request.chatId)?.title ?? request.chatId } : {})} />
      ))}
    </aside>
  );
}
