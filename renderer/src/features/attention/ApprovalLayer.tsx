/**
 * Approvals waiting in a chat that is not on screen (the user is on Servers, Settings or another chat): shown at the
 * top of the main area, in the layout's flow so they cover nothing, each with its chat and a way to open it.
 */
import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../store/index.ts';
import { ApprovalCard } from '../approvals/ApprovalCard.tsx';
import './attention.css';

/** The global approval layer; renders nothing while every waiting approval is in the open chat. */
export function ApprovalLayer() {
  const { t } = useTranslation('attention');
  const approvals = useStore((s) => s.approvals);
  const view = useStore((s) => s.view);
  const openChatId = useStore((s) => s.chatId);
  const chats = useStore((s) => s.chatList);
  const navigate = useStore((s) => s.navigate);
  const answerApproval = useStore((s) => s.answerApproval);
  const elsewhere = approvals.filter((a) => view !== 'chat' || a.chatId !== openChatId);
  if (elsewhere.length === 0) return null;
  return (
    <section className="att-layer" aria-label={t('layer.label')} data-testid="approval-layer">
      {elsewhere.map((approval) => {
        const chat = chats.find((c) => c.id === approval.chatId)?.title ?? t('waiting.untitled');
        return (
          <div key={approval.id} className="att-layer-item">
            <div className="att-layer-head">
              <span className="att-layer-chat">{t('layer.inChat', { chat })}</span>
              <button type="button" className="btn btn-sm btn-ghost" onClick={() => navigate({ view: 'chat', chatId: approval.chatId })}>
                {t('layer.open')} <ArrowRight size={14} aria-hidden />
              </button>
            </div>
            <ApprovalCard approval={approval} onAnswer={answerApproval} />
          </div>
        );
      })}
    </section>
  );
}
