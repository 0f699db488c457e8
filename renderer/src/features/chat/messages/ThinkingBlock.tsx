/** The model's thinking, collapsed by default; open it to read. */
import { useTranslation } from 'react-i18next';
import { Brain } from 'lucide-react';

/** Thinking text (or a note that it was redacted), in a closed disclosure. */
export function ThinkingBlock({ text, redacted, streaming }: { text: string; redacted?: boolean; streaming?: boolean }) {
  const { t } = useTranslation('chat');
  return (
    <details className="chat-thinking">
      <summary>
        <Brain size={14} aria-hidden />
        <span className={streaming ? 'chat-shimmer' : undefined}>{streaming ? t('thinking.active') : redacted ? t('thinking.redactedTitle') : t('thinking.title')}</span>
      </summary>
      <div className="chat-thinking-body">{redacted ? t('thinking.redacted') : text}</div>
    </details>
  );
}
