/** The status of a server in words: identity and counts when ready, the error and stderr when failed, and so on. */
import { AlertTriangle, KeyRound, Loader2, PauseCircle, RotateCw, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { assertNever } from '../../../../shared/errors.ts';
import type { ServerStatus } from '../../../../shared/servers.ts';
import { useStore } from '../../store/index.ts';
import { selectLogs } from '../../store/serversSlice.ts';
import { VisibleText } from '../common/VisibleText.tsx';
import { useNow } from '../common/useNow.ts';
import { StderrTail } from './StderrTail.tsx';
import { hostText } from '../common/errorText.ts';
import { ErrorHints } from './ErrorHints.tsx';
import { authLines } from './signIn/authLines.ts';

/** Props of ServerStatusDetail. */
export interface ServerStatusDetailProps {
  serverId: string;
  status: ServerStatus;
}

/** The latest stderr lines from the live log: while restarting, the status itself carries no stderr tail. */
function RecentStderr({ serverId }: { serverId: string }) {
  const lines = useStore(selectLogs(serverId));
  const stderr = lines.filter((l) => l.stream === 'stderr').slice(-8).map((l) => l.text);
  return <StderrTail lines={stderr} />;
}

/** One block per status state (exhaustive). */
export function ServerStatusDetail({ serverId, status }: ServerStatusDetailProps) {
  const { t, i18n } = useTranslation('servers');
  // The countdowns (restart, change stream reopen) tick once a second.
  const now = useNow(status.state === 'restarting' || (status.state === 'ready' && status.changeStreamDown !== undefined));
  switch (status.state) {
    case 'ready':
      return (
        <div className="sv-meta">
          <span className="sv-meta-name">
            <VisibleText text={status.serverName} />{' '}
            <span className="muted">
              v<VisibleText text={status.serverVersion} />
            </span>
          </span>
          <span className="chip" title={t(`eraHint.${status.era}`)}>
            {t('protocol', { version: status.protocolVersion })} · {t(`era.${status.era}`)}
          </span>
          <span className="chip">{t('counts.tools', { count: status.counts.tools })}</span>
          <span className="chip">{t('counts.resources', { count: status.counts.resources })}</span>
          <span className="chip">{t('counts.prompts', { count: status.counts.prompts })}</span>
          {status.changeStreamDown ? (
            <div className="callout callout-warning sv-meta-warnings" data-testid="server-change-stream-down" title={status.changeStreamDown.reason}>
              <RotateCw aria-hidden />
              <p>{t('detail.changeStreamDown', { seconds: Math.max(0, Math.ceil((status.changeStreamDown.nextTryAt - now) / 1000)) })}</p>
            </div>
          ) : null}
          {status.warnings.length > 0 ? (
            <div className="callout callout-warning sv-meta-warnings" data-testid="server-warnings">
              <AlertTriangle aria-hidden />
              <ul>
                {(status.warningTexts ? status.warningTexts.map((w) => hostText(t, w)) : status.warnings).map((w, i) => (
                  <li key={i}>{w}</li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      );
    case 'connecting':
      return (
        <p className="sv-state-line muted">
          <Loader2 className="sv-spin" aria-hidden /> {t('detail.connecting')}
        </p>
      );
    case 'queued':
      return <p className="sv-state-line muted" data-testid="server-queued">{t('detail.queued')}</p>;
    case 'restarting': {
      const seconds = Math.max(0, Math.ceil((status.nextTryAt - now) / 1000));
      return (
        <div className="callout callout-warning" data-testid="server-error">
          <RotateCw aria-hidden />
          <div>
            <p>{t('detail.restarting', { seconds, attempt: status.attempt })}</p>
            <p className="muted">{status.lastErrorText ? hostText(t, status.lastErrorText) : status.lastError}</p>
            <RecentStderr serverId={serverId} />
          </div>
        </div>
      );
    }
    case 'error':
      return (
        <div className="callout callout-danger sv-error" data-testid="server-error">
          <XCircle aria-hidden />
          <div className="sv-error-body">
            <p className="sv-error-message">{status.text ? hostText(t, status.text) : status.message}</p>
            <p className="muted sv-error-code">{t('detail.errorCode', { code: status.code, at: new Date(status.at).toLocaleTimeString(i18n.language) })}</p>
            {/* What to try (e.g. the PATH searched for a missing command): codes from the host, translated here; older hosts send English. */}
            {status.hints ? (
              <ErrorHints hints={status.hints} searched={status.searched} />
            ) : status.detail ? (
              <pre className="sv-error-detail" data-testid="server-error-detail">
                {status.detail}
              </pre>
            ) : null}
            <StderrTail lines={status.stderrTail} />
          </div>
        </div>
      );
    case 'invalid':
      return (
        <div className="callout callout-danger" data-testid="server-error">
          <XCircle aria-hidden />
          {/* The host's sentence names the field itself; an older host sent English only. */}
          <p>{status.text ? hostText(t, status.text) : status.field ? t('detail.invalidField', { field: status.field, message: status.message }) : status.message}</p>
        </div>
      );
    case 'auth_required':
      return (
        <div className="callout callout-warning">
          <KeyRound aria-hidden />
          <div>
            {authLines(t, status).map((line, i) => (
              <p key={i}>{line}</p>
            ))}
          </div>
        </div>
      );
    case 'disabled':
      return (
        <p className="sv-state-line muted">
          <PauseCircle aria-hidden /> {t('detail.disabled')}
        </p>
      );
    default:
      return assertNever(status);
  }
}
