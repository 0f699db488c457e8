/** A tool call as the user sees it: server and tool, arguments, status with progress, result, approval, duration. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronRight, Wrench } from 'lucide-react';
import type { ApprovalDecision, PendingApproval, ToolCallBlock } from '../../../../../shared/chat.ts';
import type { Result } from '../../../../../shared/errors.ts';
import { revealInvisible } from '../../../../../shared/visibleText.ts';
import { ApprovalCard } from '../../approvals/ApprovalCard.tsx';
import { VisibleText } from '../../common/VisibleText.tsx';
import { errorMessage } from '../../common/errorText.ts';
import { navigate } from '../hooks/appActions.ts';
import { formatClock, formatDuration, prettyJson, prettyPartialJson } from '../model/format.ts';
import { useNow } from '../../common/useNow.ts';
import { ToolResultView } from './ToolResultView.tsx';
import { ToolStatusBadge, visibleStatus } from './ToolStatusBadge.tsx';
import './tools.css';
import { ServerIcon } from '../../common/ServerIcon.tsx';
import { AppFrame } from '../../apps/AppFrame.tsx';

// Remembers what the user opened or closed: virtualized rows unmount when scrolled away.
const toggled = new Map<string, boolean>();

/** Props of a tool-call card. */
export interface ToolCallCardProps {
  block: ToolCallBlock;
  /** The pending approval of this call, when it waits for one. */
  approval?: PendingApproval;
  onAnswerApproval?: (id: string, decision: ApprovalDecision) => Promise<Result<null>>;
  /** Open at first even when finished (the calls of the turn in progress). */
  defaultOpen?: boolean;
}

function ProgressLine({ block }: { block: ToolCallBlock }) {
  const { t } = useTranslation('chat');
  const now = useNow(true);
  const elapsed = block.startedAt ? now - block.startedAt : undefined;
  const progress = block.progress;
  const fraction = progress?.total && progress.total > 0 ? Math.min(1, progress.progress / progress.total) : undefined;
  return (
    <div className="tool-progress">
      <div
        className={`tool-progress-bar${fraction === undefined ? ' is-indeterminate' : ''}`}
        role="progressbar"
        aria-label={t('tool.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        {...(fraction !== undefined ? { 'aria-valuenow': Math.round(fraction * 100) } : {})}
      >
        <span style={fraction !== undefined ? { width: `${fraction * 100}%` } : undefined} />
      </div>
      <div className="tool-progress-meta">
        {progress?.message && <span className="tool-progress-message">{progress.message}</span>}
        {progress && progress.total !== undefined && <span>{t('tool.progressOf', { progress: progress.progress, total: progress.total })}</span>}
        {elapsed !== undefined && <span className="tool-elapsed">{t('tool.elapsed', { time: formatClock(elapsed) })}</span>}
      </div>
    </div>
  );
}

/**
 * What went wrong, said once: denied and cancelled calls by their title alone (the host's sentence says the same), a
 * failure by the host's message in the user's language; the technical detail folded, and a server-side failure points
 * to the server's card, where its stderr and restarts are.
 */
function ToolError({ block, status }: { block: ToolCallBlock; status: string }) {
  const { t } = useTranslation('chat');
  const error = block.error;
  if (!error) return null;
  if (status === 'denied' || status === 'cancelled') {
    return (
      <div className="tool-error" role="alert">
        <strong>{t(`tool.errorTitle.${status}`)}</strong>
      </div>
    );
  }
  return (
    <div className="tool-error" role="alert">
      <strong>{errorMessage(t, error)}</strong>
      {error.detail && (
        <details className="tool-error-details">
          <summary>{t('tool.errorDetails')}</summary>
          <pre className="tool-result-text">{error.detail}</pre>
        </details>
      )}
      {SERVER_SIDE.has(error.code) && (
        <button type="button" className="btn btn-sm btn-ghost tool-error-link" onClick={() => navigate({ view: 'servers' })}>
          {t('tool.openServer', { server: revealInvisible(block.serverId) })}
        </button>
      )}
    </div>
  );
}

/** Server-side failures whose details (stderr, restarts) are on the server's card in Servers. */
const SERVER_SIDE = new Set(['process_exited', 'connect_failed', 'server_not_ready', 'server_disabled', 'protocol_error', 'auth_required']);

/**
 * One tool call, collapsible. Opens by itself while it needs the user (approval, input streaming, running); the cards
 * of the turn in progress stay open; once a turn has ended its cards, failed ones too, are one line (server / tool, status, duration).
 */
export function ToolCallCard({ block, approval, onAnswerApproval, defaultOpen = false }: ToolCallCardProps) {
  const { t, i18n } = useTranslation('chat');
  const status = visibleStatus(block);
  const needsAttention = status === 'awaiting_approval' || status === 'running' || status === 'streaming_input';
  const [choice, setChoice] = useState<boolean | undefined>(() => toggled.get(block.id));
  const isOpen = choice ?? (needsAttention || defaultOpen);
  const toggle = (): void => {
    toggled.set(block.id, !isOpen);
    setChoice(!isOpen);
  };
  const title = block.title ?? block.toolName;
  const args = status === 'streaming_input' ? prettyPartialJson(block.partialInput ?? '') : prettyJson(block.input);
  const bodyId = `tool-body-${block.id}`;

  return (
    <section className={`tool-card is-${status}`} aria-label={t('tool.cardLabel', { server: revealInvisible(block.serverId), tool: revealInvisible(title) })}>
      <button type="button" className="tool-card-head" onClick={toggle} aria-expanded={isOpen} aria-controls={bodyId}>
        <ChevronRight size={14} className="tool-card-chevron" aria-hidden />
        <ServerIcon serverId={block.serverId} toolName={block.toolName} size={14} className="tool-card-icon" fallback={<Wrench size={14} className="tool-card-icon" aria-hidden />} />
        <span className="tool-card-server">
          <VisibleText text={block.serverId} />
        </span>
        <span className="tool-card-sep" aria-hidden>
          /
        </span>
        <span className="tool-card-title">
          <VisibleText text={title} />
        </span>
        {block.title && block.title !== block.toolName && (
          <code className="tool-card-name">
            <VisibleText text={block.toolName} />
          </code>
        )}
        {block.destructive && <span className="tool-card-flag">{t('tool.destructive')}</span>}
        <span className="tool-card-spacer" />
        {block.durationMs !== undefined && <span className="tool-card-duration">{formatDuration(block.durationMs, (key, values) => t(key, values), i18n.language)}</span>}
        <ToolStatusBadge status={status} />
      </button>
      {status === 'running' && <ProgressLine block={block} />}
      <AppFrame block={block} />
      {isOpen && (
        <div className="tool-card-body" id={bodyId}>
          {status === 'awaiting_approval' && approval && onAnswerApproval ? (
            <ApprovalCard approval={approval} onAnswer={onAnswerApproval} />
          ) : (
            <>
              <div className="tool-section-label">{status === 'streaming_input' ? t('tool.argumentsStreaming') : t('tool.arguments')}</div>
              <pre className={`tool-args${status === 'streaming_input' ? ' is-streaming' : ''}`}>{args || '{}'}</pre>
              {status === 'awaiting_approval' && <p className="tool-result-note">{t('tool.waitingApproval')}</p>}
            </>
          )}
          {block.error && <ToolError block={block} status={status} />}
          {block.result && (
            <>
              <div className="tool-section-label">{block.result.isError ? t('tool.resultError') : t('tool.result.title')}</div>
              <ToolResultView result={block.result} toolCallId={block.id} {...(block.fullResult ? { full: block.fullResult } : {})} />
            </>
          )}
        </div>
      )}
    </section>
  );
}
