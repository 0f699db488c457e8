/**
 * Shows pending elicitations one at a time (oldest first) in a modal: which server asks, for which chat, its message,
 * then the form or the URL. The others wait in a queue with their own countdowns. Mounted once by the app.
 */
import * as RadixDialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { MessageCircleQuestion } from 'lucide-react';
import type { ElicitationAnswer, PendingElicitation } from '../../../../shared/elicitation.ts';
import type { Result } from '../../../../shared/errors.ts';
import { revealInvisible } from '../../../../shared/visibleText.ts';
import { useStore } from '../../store/index.ts';
import { selectElicitations } from '../../store/pendingSlice.ts';
import { useOpenExternal } from '../common/openExternal.ts';
import { VisibleText } from '../common/VisibleText.tsx';
import { Countdown } from './Countdown.tsx';
import { ElicitationForm } from './ElicitationForm.tsx';
import { UrlElicitation } from './UrlElicitation.tsx';
import './elicitation.css';
import { DialogOverlay } from '../common/DialogOverlay.tsx';

function ServerLine({ request }: { request: PendingElicitation }) {
  const { t } = useTranslation('elicitation');
  const server = useStore((s) => s.servers.find((v) => v.id === request.serverId));
  const chatTitle = useStore((s) => (request.chatId ? s.chatList.find((c) => c.id === request.chatId)?.title : undefined));
  const status = server?.status;
  // The server chooses its name and version: hidden characters are shown, the whole line isolated below.
  const identity = status?.state === 'ready' ? revealInvisible(`${status.serverName} ${status.serverVersion}`) : undefined;
  const details = [identity, chatTitle ? t('forChat', { chat: chatTitle }) : undefined].filter(Boolean);
  return (
    <div className="elicit-server">
      <span className="elicit-server-name">
        <VisibleText text={request.serverId} />
      </span>
      {details.length > 0 && (
        <span className="elicit-server-details">
          {' · '}
          <bdi className="visible-text">{details.join(' · ')}</bdi>
        </span>
      )}
    </div>
  );
}

/** The global elicitation dialog; renders nothing while no request waits. */
export function ElicitationHost() {
  const { t } = useTranslation('elicitation');
  const queue = useStore(selectElicitations);
  const answerElicitation = useStore((s) => s.answerElicitation);
  const openUrl = useOpenExternal();
  const current = queue[0];
  if (!current) return null;

  const answer = (value: ElicitationAnswer): Promise<Result<null>> => answerElicitation(current.id, value);

  return (
    <RadixDialog.Root open onOpenChange={(open) => (open ? undefined : void answer({ action: 'cancel' }))}>
      <RadixDialog.Portal>
        <DialogOverlay />
        <RadixDialog.Content
          className="dialog-content elicit-dialog"
          data-testid="elicitation-dialog"
          // A stray click outside must not throw away what the user typed; Esc and the buttons decide.
          onPointerDownOutside={(e) => e.preventDefault()}
          onInteractOutside={(e) => e.preventDefault()}
        >
          <div className="elicit-head">
            <div className="elicit-head-icon" aria-hidden>
              <MessageCircleQuestion size={20} />
            </div>
            <div className="elicit-head-text">
              <RadixDialog.Title className="dialog-title">{current.mode === 'url' ? t('titleUrl') : t('titleForm')}</RadixDialog.Title>
              <ServerLine request={current} />
            </div>
            <div className="elicit-head-meta">
              {queue.length > 1 && <span className="badge badge-info">{t('position', { position: 1, total: queue.length })}</span>}
              <Countdown expiresAt={current.expiresAt} />
            </div>
          </div>
          <div className="dialog-body">
            {queue.length > 1 && (
              <div className="elicit-queue">
                <div className="elicit-queue-title">{t('queueTitle', { count: queue.length - 1 })}</div>
                <ul>
                  {queue.slice(1).map((req) => (
                    <li key={req.id}>
                      <span className="elicit-queue-server">
                        <VisibleText text={req.serverId} />
                      </span>
                      <span className="elicit-queue-message">{req.message}</span>
                      <Countdown expiresAt={req.expiresAt} />
                    </li>
                  ))}
                </ul>
              </div>
            )}
            <RadixDialog.Description className="elicit-message">{current.message}</RadixDialog.Description>
            {current.mode === 'form' ? (
              <ElicitationForm key={current.id} schema={current.requestedSchema} onAnswer={answer} />
            ) : (
              <UrlElicitation key={current.id} url={current.url} onOpen={openUrl} onAnswer={answer} />
            )}
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
