/**
 * Asks the user whether a tool call may run: which server and tool, with which arguments, flagged when destructive;
 * the tool's full description (what the model reads) on demand, shown at once when it changed since "always allow".
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { ShieldAlert, ShieldCheck, ShieldQuestion } from 'lucide-react';
import type { ApprovalDecision, PendingApproval } from '../../../../shared/chat.ts';
import type { Result } from '../../../../shared/errors.ts';
import { revealInvisible } from '../../../../shared/visibleText.ts';
import { prettyJson } from '../chat/model/format.ts';
import { VisibleText } from '../common/VisibleText.tsx';
import { errorMessage } from '../common/errorText.ts';
import './approvals.css';
import { ServerIcon } from '../common/ServerIcon.tsx';
import { rememberFocusOrigin, returnFocus } from '../attention/focusTargets.ts';
import { approvalKeys } from '../attention/shortcuts.ts';

/** Props of the approval card. */
export interface ApprovalCardProps {
  approval: PendingApproval;
  /** Sends the decision; resolves with the host's Result (an error keeps the buttons usable). */
  onAnswer: (id: string, decision: ApprovalDecision) => Promise<Result<null>>;
}

/** Allow once, Always allow this tool, or Deny. */
export function ApprovalCard({ approval, onAnswer }: ApprovalCardProps) {
  const { t } = useTranslation('approvals');
  const [busy, setBusy] = useState<ApprovalDecision | undefined>();
  const [error, setError] = useState<string | undefined>();
  // Server-chosen names show their hidden characters; in the question each sits in its own <bdi>.
  const tool = revealInvisible(approval.title ?? approval.toolName);
  const server = revealInvisible(approval.serverId);
  const changed = approval.changedSinceApproval === true;
  const [showDescription, setShowDescription] = useState(changed);
  const descriptionId = useId();
  const keysId = useId();

  const answer = async (decision: ApprovalDecision): Promise<void> => {
    setBusy(decision);
    setError(undefined);
    const result = await onAnswer(approval.id, decision);
    setBusy(undefined);
    if (!result.ok) setError(errorMessage(t, result.error));
    // The card goes away with its decision: focus goes back where the user was (the composer, or what they left).
    else returnFocus();
  };

  // O / A / D answer from anywhere in the card, except while typing or with a modifier held.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>): void => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || busy !== undefined) return;
    if (e.target instanceof HTMLElement && e.target.closest('input, textarea, select, [contenteditable="true"]')) return;
    const key = e.key.toLowerCase();
    if (key !== 'o' && key !== 'a' && key !== 'd') return;
    e.preventDefault();
    void answer(approvalKeys[key]);
  };

  const Icon = approval.destructive ? ShieldAlert : approval.readOnly ? ShieldCheck : ShieldQuestion;
  return (
    <div
      className={`approval-card${approval.destructive ? ' is-destructive' : ''}`}
      role="group"
      aria-label={t('label', { tool })}
      aria-describedby={keysId}
      data-approval-id={approval.id}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onFocus={(e) => {
        if (!(e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget))) rememberFocusOrigin(e.relatedTarget);
      }}
    >
      <div className="approval-head">
        <Icon size={18} aria-hidden className="approval-icon" />
        <ServerIcon serverId={approval.serverId} toolName={approval.toolName} size={18} className="approval-icon" />
        <div>
          <div className="approval-question">
            <Trans t={t} i18nKey="question" values={{ tool, server }} components={{ tool: <bdi className="visible-text" />, server: <bdi className="visible-text" /> }} />
          </div>
          <div className="approval-sub">
            <code>
              <VisibleText text={approval.toolName} />
            </code>
            {approval.readOnly && <span className="approval-tag is-readonly">{t('readOnly')}</span>}
            {approval.destructive && <span className="approval-tag is-destructive">{t('destructive')}</span>}
          </div>
        </div>
      </div>
      {approval.destructive && <p className="approval-warning">{t('destructiveWarning')}</p>}
      {changed && (
        <p className="approval-warning approval-changed" data-testid="approval-changed">
          {t('changedWarning')}
        </p>
      )}
      <button
        type="button"
        className="approval-description-toggle"
        aria-expanded={showDescription}
        aria-controls={descriptionId}
        onClick={() => setShowDescription(!showDescription)}
      >
        {showDescription ? t('hideDescription') : t('showDescription')}
      </button>
      {showDescription && (
        <div id={descriptionId}>
          <div className="approval-args-label">{t('description')}</div>
          {approval.description ? (
            <pre className="approval-args approval-description" data-testid="approval-description">
              <VisibleText text={approval.description} multiline />
            </pre>
          ) : (
            <p className="approval-sub">{t('noDescription')}</p>
          )}
        </div>
      )}
      <div className="approval-args-label">{t('arguments')}</div>
      <pre className="approval-args">{prettyJson(approval.input) || '{}'}</pre>
      {error && (
        <p className="approval-error" role="alert">
          {t('failed', { message: error })}
        </p>
      )}
      <p className="approval-keys" id={keysId}>
        {t('attention:approvalKeys')}
      </p>
      <div className="approval-actions">
        <button type="button" className="btn btn-sm btn-primary" aria-keyshortcuts="O" disabled={busy !== undefined} onClick={() => void answer('allow_once')}>
          {t('allowOnce')}
        </button>
        <button type="button" className="btn btn-sm" aria-keyshortcuts="A" disabled={busy !== undefined} onClick={() => void answer('always_allow')} title={t('alwaysAllowHint', { tool })}>
          {t('alwaysAllow')}
        </button>
        <span className="approval-spacer" />
        <button type="button" className="btn btn-sm approval-deny" aria-keyshortcuts="D" disabled={busy !== undefined} onClick={() => void answer('deny')}>
          {t('deny')}
        </button>
      </div>
    </div>
  );
}
