/**
 * A server asks the app's model for a completion (sampling, 2025-era servers): the card shows who asks, the messages,
 * the system prompt, the token limit and the model preferences, with Allow, Edit then allow, and Deny; once the model
 * has answered, the answer is shown and only goes back to the server when the user sends it.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Sparkles } from 'lucide-react';
import type { Result } from '../../../../shared/errors.ts';
import type { PendingSampling, SamplingAnswer } from '../../../../shared/sampling.ts';
import { VisibleText } from '../common/VisibleText.tsx';
import { errorMessage } from '../common/errorText.ts';
import './sampling.css';

/** Props of the sampling card. */
export interface SamplingCardProps {
  request: PendingSampling;
  onAnswer: (id: string, answer: SamplingAnswer) => Promise<Result<null>>;
  /** The chat's title, shown when the card is not inside that chat. */
  chatTitle?: string;
}

/** One sampling request, at its request or result stage. */
export function SamplingCard({ request, onAnswer, chatTitle }: SamplingCardProps) {
  const { t } = useTranslation('sampling');
  const [editing, setEditing] = useState(false);
  const [texts, setTexts] = useState(() => request.messages.map((message) => message.text));
  const [system, setSystem] = useState(request.systemPrompt ?? '');
  const [maxTokens, setMaxTokens] = useState(String(request.maxTokens));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const send = async (answer: SamplingAnswer) => {
    setBusy(true);
    setError(undefined);
    const result = await onAnswer(request.id, answer);
    setBusy(false);
    if (!result.ok) setError(errorMessage(t, result.error));
  };
  const allowEdited = () => {
    const messages: Record<string, string> = {};
    texts.forEach((text, index) => {
      if (request.messages[index]?.editable && text !== request.messages[index].text) messages[String(index)] = text;
    });
    const tokens = Number(maxTokens);
    void send({
      action: 'allow',
      edit: {
        messages,
        ...(system !== (request.systemPrompt ?? '') ? { systemPrompt: system } : {}),
        ...(Number.isInteger(tokens) && tokens >= 1 && tokens <= 64_000 && tokens !== request.maxTokens ? { maxTokens: tokens } : {}),
      },
    });
  };
  const prefs = request.modelPreferences;
  const isResult = request.stage === 'result';

  return (
    <div className="sampling-card" role="group" aria-label={t('label', { server: request.serverId })} data-testid="sampling-card" data-stage={request.stage}>
      <div className="sampling-head">
        <Sparkles size={18} aria-hidden />
        <div>
          <div className="sampling-question">{isResult ? t('resultQuestion') : t('question')}</div>
          <div className="sampling-sub">
            <VisibleText text={request.serverId} />
            {chatTitle ? <span> · {t('forChat', { chat: chatTitle })}</span> : null}
          </div>
        </div>
      </div>
      {request.messages.map((message, index) => (
        <div className="sampling-message" key={index}>
          <span className="sampling-role">{t(`role_${message.role}`)}</span>
          {editing && message.editable ? (
            <textarea className="input" aria-label={t('messageN', { n: index + 1 })} value={texts[index] ?? ''} onChange={(e) => setTexts(texts.map((text, i) => (i === index ? e.target.value : text)))} />
          ) : (
            <pre className="sampling-text">
              <VisibleText text={message.text} />
            </pre>
          )}
        </div>
      ))}
      <dl className="sampling-facts">
        <dt>{t('systemPrompt')}</dt>
        <dd>
          {editing ? (
            <textarea className="input" aria-label={t('systemPrompt')} value={system} onChange={(e) => setSystem(e.target.value)} />
          ) : request.systemPrompt ? (
            <VisibleText text={request.systemPrompt} />
          ) : (
            t('none')
          )}
        </dd>
        <dt>{t('maxTokens')}</dt>
        <dd>{editing ? <input className="input" aria-label={t('maxTokens')} inputMode="numeric" value={maxTokens} onChange={(e) => setMaxTokens(e.target.value)} /> : request.maxTokens}</dd>
        {prefs ? (
          <>
            <dt>{t('preferences')}</dt>
            <dd>
              {[prefs.hints.length ? t('hints', { hints: prefs.hints.join(', ') }) : undefined, prefs.intelligencePriority !== undefined ? t('intelligence', { value: prefs.intelligencePriority }) : undefined, prefs.speedPriority !== undefined ? t('speed', { value: prefs.speedPriority }) : undefined, prefs.costPriority !== undefined ? t('cost', { value: prefs.costPriority }) : undefined]
                .filter(Boolean)
                .join(' · ') || t('none')}
            </dd>
          </>
        ) : null}
      </dl>
      {isResult && request.result ? (
        <div className="sampling-result" data-testid="sampling-result">
          <span className="sampling-role">{t('answerFrom', { model: request.result.model })}</span>
          <pre className="sampling-text">
            <VisibleText text={request.result.text} />
          </pre>
        </div>
      ) : null}
      {error ? <p className="field-error">{t('failed', { message: error })}</p> : null}
      <div className="sampling-actions">
        {isResult ? (
          <>
            <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => void send({ action: 'allow' })}>
              {t('sendBack')}
            </button>
            <button type="button" className="btn btn-sm" disabled={busy} onClick={() => void send({ action: 'deny' })}>
              {t('withhold')}
            </button>
          </>
        ) : editing ? (
          <>
            <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={allowEdited}>
              {t('allowEdited')}
            </button>
            <button type="button" className="btn btn-sm" disabled={busy} onClick={() => setEditing(false)}>
              {t('cancelEdit')}
            </button>
          </>
        ) : (
          <>
            <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => void send({ action: 'allow' })}>
              {t('allow')}
            </button>
            <button type="button" className="btn btn-sm" disabled={busy} onClick={() => setEditing(true)}>
              {t('edit')}
            </button>
          </>
        )}
        {!isResult ? (
          <button type="button" className="btn btn-sm btn-danger" disabled={busy} onClick={() => void send({ action: 'deny' })}>
            {t('deny')}
          </button>
        ) : null}
      </div>
      <p className="sampling-note">{isResult ? t('resultNote') : t('note')}</p>
    </div>
  );
}
