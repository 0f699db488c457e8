/**
 * The API's compaction of the older messages, shown where it happened: a closed "Earlier messages compacted" marker
 * that opens to the summary the model now works from, or a note that compacting failed (the host then kept the
 * request inside the window itself). Never silent: the user sees that older messages no longer reach the model whole.
 */
import { useTranslation } from 'react-i18next';
import { AlertTriangle, Layers } from 'lucide-react';
import type { CompactionBlock } from '../../../../../shared/chat.ts';
import { Markdown } from '../../markdown/Markdown.tsx';
import './compaction.css';

/** One compaction block of an answer. */
export function CompactionMarker({ block }: { block: CompactionBlock }) {
  const { t } = useTranslation('compaction');
  if (block.content === null || block.content.length === 0) {
    return (
      <div className="chat-compaction chat-compaction-failed" data-testid="compaction-marker" role="note">
        <AlertTriangle size={14} aria-hidden />
        <span>{t('failed')}</span>
      </div>
    );
  }
  return (
    <details className="chat-compaction" data-testid="compaction-marker">
      <summary>
        <Layers size={14} aria-hidden />
        <span>{t('title')}</span>
      </summary>
      <div className="chat-compaction-body">
        <p className="chat-compaction-hint">{t('hint')}</p>
        <Markdown text={block.content} />
      </div>
    </details>
  );
}
