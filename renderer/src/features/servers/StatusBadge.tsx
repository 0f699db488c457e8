/** A server's status as a coloured badge; every state of the union is handled (exhaustive). */
import { useTranslation } from 'react-i18next';
import { assertNever } from '../../../../shared/errors.ts';
import type { ServerStatus } from '../../../../shared/servers.ts';

type Tone = 'success' | 'danger' | 'warning' | 'info' | 'neutral';

/** The tone, label key and whether the dot pulses, for a status. */
export function statusLook(status: ServerStatus): { tone: Tone; key: string; busy: boolean } {
  switch (status.state) {
    case 'ready':
      return { tone: 'success', key: 'status.ready', busy: false };
    case 'connecting':
      return { tone: 'info', key: 'status.connecting', busy: true };
    case 'queued':
      return { tone: 'neutral', key: 'status.queued', busy: true };
    case 'restarting':
      return { tone: 'warning', key: 'status.restarting', busy: true };
    case 'error':
      return { tone: 'danger', key: 'status.error', busy: false };
    case 'invalid':
      return { tone: 'danger', key: 'status.invalid', busy: false };
    case 'auth_required':
      return { tone: 'warning', key: 'status.auth_required', busy: false };
    case 'disabled':
      return { tone: 'neutral', key: 'status.disabled', busy: false };
    default:
      return assertNever(status);
  }
}

/** Props of StatusBadge. */
export interface StatusBadgeProps {
  status: ServerStatus;
}

/** Renders the badge; its text is the status in words (not colour alone). */
export function StatusBadge({ status }: StatusBadgeProps) {
  const { t } = useTranslation('servers');
  const look = statusLook(status);
  const tone = look.tone === 'neutral' ? '' : ` badge-${look.tone}`;
  const label =
    status.state === 'restarting' ? t('status.restartingAttempt', { attempt: status.attempt }) : t(look.key);
  return (
    <span className={`badge${tone}${look.busy ? ' badge-pulse' : ''}`} data-testid="status-badge" data-state={status.state} role="status">
      <span className="badge-dot" aria-hidden />
      {label}
    </span>
  );
}
