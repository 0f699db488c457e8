/** What the user should know about how the last turn ended: an error with its next step and Retry, or a notice with Continue. */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertTriangle, Info, RotateCcw, Play, Settings } from 'lucide-react';
import type { TurnNotice as Notice } from '../../../../../shared/chat.ts';
import type { AppError } from '../../../../../shared/errors.ts';
import { errorMessage, errorTitle } from '../../common/errorText.ts';

/** Error codes whose next step is in Settings. */
const SETTINGS_CODES = new Set(['api_key_missing', 'api_invalid_key', 'api_forbidden', 'api_model_not_found']);
/** Error codes with their own next-step sentence in the chat namespace. */
const NEXT_STEP_CODES = new Set([...SETTINGS_CODES, 'api_rate_limited', 'api_overloaded', 'api_network', 'api_stream_cut', 'api_error', 'timeout', 'internal', 'storage_error']);

/** Props of the turn notice. */
export interface TurnNoticeProps {
  error?: AppError;
  notice?: Notice;
  /** Asks the host to retry; the button is disabled until it answers. */
  onRetry: () => Promise<unknown>;
  /** Asks the host to continue; the button is disabled until it answers. */
  onContinue: () => Promise<unknown>;
  onOpenSettings: () => void;
}

/** Shown under the last message when it ended in an error or with a notice. */
export function TurnNotice({ error, notice, onRetry, onContinue, onOpenSettings }: TurnNoticeProps) {
  const { t } = useTranslation('chat');
  // One request at a time: a second click before the host answers would be refused as "still answering".
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const once = (action: () => Promise<unknown>) => (): void => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    void action().finally(() => {
      inFlight.current = false;
      setBusy(false);
    });
  };
  if (error) {
    const title = errorTitle(t, error);
    // A host message already says what happened and what to do, in the user's language: said once, not twice.
    const message = errorMessage(t, error);
    const next = error.text ? undefined : NEXT_STEP_CODES.has(error.code) ? t(`nextStep.${error.code}`) : t('nextStep.generic');
    return (
      <div className="chat-turn-notice is-error" role="alert">
        <AlertTriangle size={18} aria-hidden />
        <div className="chat-turn-notice-text">
          <strong>{title}</strong>
          {next !== undefined && <span>{next}</span>}
          {title !== message && <span className={error.text ? undefined : 'chat-turn-notice-detail'}>{message}</span>}
        </div>
        <div className="chat-turn-notice-actions">
          {SETTINGS_CODES.has(error.code) && (
            <button type="button" className="btn btn-sm" onClick={onOpenSettings}>
              <Settings aria-hidden />
              {t('actions.openSettings')}
            </button>
          )}
          <button type="button" className="btn btn-sm btn-primary" disabled={busy} onClick={once(onRetry)}>
            <RotateCcw aria-hidden />
            {t('actions.retry')}
          </button>
        </div>
      </div>
    );
  }
  if (!notice) return null;
  const canContinue = notice !== 'refusal';
  return (
    <div className={`chat-turn-notice is-${notice === 'refusal' ? 'warning' : 'info'}`} role="status">
      <Info size={18} aria-hidden />
      <div className="chat-turn-notice-text">
        <strong>{t(`notice.${notice}.title`)}</strong>
        <span>{t(`notice.${notice}.body`)}</span>
      </div>
      {canContinue && (
        <div className="chat-turn-notice-actions">
          <button type="button" className="btn btn-sm btn-primary" disabled={busy} onClick={once(onContinue)}>
            <Play aria-hidden />
            {t('actions.continue')}
          </button>
        </div>
      )}
    </div>
  );
}
