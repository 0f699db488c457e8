/**
 * How full the model's context window was for the chat's last request, above the message box: a meter (tokens used /
 * window) and, when the host had to trim, a line saying what it did (older messages summarized, tool results cleared,
 * messages left out). Read from the host with chat.context when the chat opens and after each run.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatRunState, ContextUsage } from '../../../../../shared/chat.ts';
import { call } from '../../../bridge/index.ts';
import './contextMeter.css';

/** Tokens as people read them: 950, 12.5K, 200K, 1M. */
export function formatTokens(tokens: number): string {
  if (tokens < 1000) return String(tokens);
  if (tokens < 10_000) return `${(tokens / 1000).toFixed(1).replace(/\.0$/, '')}K`;
  if (tokens < 1_000_000) return `${Math.round(tokens / 1000)}K`;
  return `${(tokens / 1_000_000).toFixed(1).replace(/\.0$/, '')}M`;
}

/** The context meter of a chat; nothing until the chat has sent a request since the host started. */
export function ContextMeter({ chatId, run }: { chatId: string | undefined; run: ChatRunState | undefined }) {
  const { t } = useTranslation('chat');
  const [usage, setUsage] = useState<ContextUsage | null>(null);

  // Asked again when a run ends: that is when the host has the last request's numbers. Keyed on the run state itself,
  // not its flag: the window applies stream events once per animation frame, so a run whose start and end arrive in
  // one frame goes from not generating to not generating, and only the state object tells that a run ended.
  const generating = run?.generating ?? false;
  useEffect(() => {
    if (!chatId || generating) return;
    let current = true;
    void call('chat.context', { chatId }).then((result) => {
      if (current && result.ok) setUsage(result.value);
    });
    return () => {
      current = false;
    };
  }, [chatId, generating, run]);

  if (!usage) return null;
  const percent = Math.min(100, Math.round((usage.inputTokens / usage.windowTokens) * 100));
  const level = percent >= 90 ? 'is-full' : percent >= 70 ? 'is-high' : '';
  const notes = [
    usage.summarizedMessages > 0 ? t('context.summarized', { count: usage.summarizedMessages }) : '',
    usage.clearedToolResults > 0 ? t('context.cleared', { count: usage.clearedToolResults }) : '',
    usage.droppedMessages > 0 ? t('context.dropped', { count: usage.droppedMessages }) : '',
  ].filter(Boolean);
  const detail = t('context.detail', {
    used: usage.inputTokens.toLocaleString(),
    window: usage.windowTokens.toLocaleString(),
    reserved: usage.reservedTokens.toLocaleString(),
    how: t(usage.counted === 'api' ? 'context.countedApi' : 'context.countedEstimate'),
  });

  return (
    <div className="chat-context" data-testid="context-meter">
      {notes.length > 0 && (
        <span className="chat-context-note" role="status">
          {notes.join(' · ')}
        </span>
      )}
      <span className="chat-context-spacer" />
      <span
        className={`chat-context-meter ${level}`}
        role="meter"
        aria-label={t('context.label')}
        aria-valuemin={0}
        aria-valuemax={usage.windowTokens}
        aria-valuenow={usage.inputTokens}
        aria-valuetext={t('context.meter', { used: formatTokens(usage.inputTokens), window: formatTokens(usage.windowTokens) })}
        title={`${detail}${usage.apiContextManagement ? `\n${t('context.api')}` : ''}`}
      >
        <span className="chat-context-bar" aria-hidden>
          <span className="chat-context-fill" style={{ width: `${percent}%` }} />
        </span>
        <span className="chat-context-text">{t('context.meter', { used: formatTokens(usage.inputTokens), window: formatTokens(usage.windowTokens) })}</span>
      </span>
    </div>
  );
}
