/**
 * "Sign in required" on a server card: Sign in asks the host to start a sign-in, then shows where the browser will go
 * (the domain highlighted, the full address below) before the user opens it. The host turns the server ready by
 * itself once the browser comes back, which replaces this panel.
 */
import { ExternalLink, KeyRound, Loader2, Pencil, RotateCcw } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../../../shared/errors.ts';
import { call } from '../../../bridge/index.ts';
import { useOpenExternal } from '../../common/openExternal.ts';
import { reviewUrl } from '../../elicitation/model/urlSafety.ts';
import { UrlPreview } from '../../elicitation/UrlPreview.tsx';
import { extraStatusLine } from './signInModel.ts';
import { authLines } from './authLines.ts';
import { errorMessage } from '../../common/errorText.ts';
import type { HostMessage } from '../../../../../shared/hostMessages.ts';
import './signIn.css';

/** Props of SignInPanel. */
export interface SignInPanelProps {
  serverId: string;
  /** The host's line on the status (e.g. the access a tool asked for), in English and as codes. */
  message: string;
  text?: HostMessage | undefined;
  failureText?: HostMessage | undefined;
  /** The server sends its own Authorization header: editing it is the fix, not signing in. */
  ownAuthorization: boolean;
  onEdit: () => void;
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'starting' }
  | { kind: 'ready'; url: string; opened: boolean }
  | { kind: 'reconnecting' };

/** Where a sign-in stands, from the user's side. */
export function SignInPanel({ serverId, message, text, failureText, ownAuthorization, onEdit }: SignInPanelProps) {
  const { t } = useTranslation('servers');
  const openExternal = useOpenExternal();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [error, setError] = useState<{ during: 'start' | 'open'; error: AppError } | undefined>();
  const [seenMessage, setSeenMessage] = useState(message);
  if (message !== seenMessage) {
    setSeenMessage(message);
    // The host changed its line (e.g. the last sign-in was declined or timed out): nothing is being waited for any more.
    if (phase.kind === 'ready' || phase.kind === 'reconnecting') setPhase({ kind: 'idle' });
  }
  const url = phase.kind === 'ready' ? phase.url : undefined;
  const review = useMemo(() => (url ? reviewUrl(url) : undefined), [url]);
  // Codes from the host are translated; an older host's English line shows unless it only repeats "Sign in required".
  const extra = text ? authLines(t, { state: 'auth_required', message, text, ...(failureText ? { failureText } : {}) }, true) : [extraStatusLine(message)].flatMap((line) => line ?? []);

  const start = async (): Promise<void> => {
    const before = phase;
    setPhase({ kind: 'starting' });
    setError(undefined);
    const result = await call('servers.signIn', { id: serverId });
    if (!result.ok) {
      setError({ during: 'start', error: result.error });
      setPhase(before.kind === 'ready' ? before : { kind: 'idle' });
      return;
    }
    // null: a usable token was already stored; the host reconnects the server and its status moves on.
    setPhase(result.value ? { kind: 'ready', url: result.value.authorizationUrl, opened: false } : { kind: 'reconnecting' });
  };

  const open = async (target: string): Promise<void> => {
    setError(undefined);
    const opened = await openExternal(target);
    if (!opened.ok) setError({ during: 'open', error: opened.error });
    else setPhase({ kind: 'ready', url: target, opened: true });
  };

  return (
    <div className="callout callout-warning sv-signin" data-testid="sign-in-panel">
      <KeyRound aria-hidden />
      <div className="sv-signin-body">
        <p className="sv-signin-lead">{ownAuthorization ? t('signIn.ownHeader') : t('signIn.lead')}</p>
        {extra.map((line, i) => (
          <p key={i} className="sv-signin-detail">
            {line}
          </p>
        ))}

        {ownAuthorization ? (
          <div className="sv-signin-actions">
            <button type="button" className="btn" onClick={onEdit}>
              <Pencil aria-hidden /> {t('signIn.editHeaders')}
            </button>
          </div>
        ) : phase.kind === 'ready' && review ? (
          <div className="sv-signin-url" data-testid="sign-in-url">
            <UrlPreview review={review} label={t('signIn.goesTo')} />
            <p className="sv-signin-note">{t('signIn.note')}</p>
            <div className="sv-signin-actions">
              <button type="button" className="btn btn-primary" disabled={!review.openable} onClick={() => void open(phase.url)}>
                <ExternalLink aria-hidden /> {t('signIn.open')}
              </button>
              <button type="button" className="btn btn-ghost" onClick={() => void start()}>
                <RotateCcw aria-hidden /> {t('signIn.again')}
              </button>
            </div>
            {phase.opened ? (
              <p className="sv-state-line muted sv-signin-waiting" role="status">
                <Loader2 className="sv-spin" aria-hidden /> {t('signIn.waiting')}
              </p>
            ) : null}
          </div>
        ) : phase.kind === 'reconnecting' ? (
          <p className="sv-state-line muted" role="status">
            <Loader2 className="sv-spin" aria-hidden /> {t('signIn.reconnecting')}
          </p>
        ) : (
          <div className="sv-signin-actions">
            <button type="button" className="btn btn-primary" disabled={phase.kind === 'starting'} onClick={() => void start()}>
              {phase.kind === 'starting' ? <span className="spinner" aria-hidden /> : <KeyRound aria-hidden />}
              {t('signIn.button')}
            </button>
          </div>
        )}

        {error ? (
          <div className="sv-signin-error" role="alert" data-testid="sign-in-error">
            <strong>{error.during === 'start' ? t('signIn.failed') : t('signIn.openFailed')}</strong> {errorMessage(t, error.error)}
            {error.error.field?.startsWith('config.') ? (
              <button type="button" className="btn btn-sm" onClick={onEdit}>
                <Pencil aria-hidden /> {t('signIn.openSettings')}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
