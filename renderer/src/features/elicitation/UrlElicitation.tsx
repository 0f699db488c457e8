/** URL-mode elicitation: the full URL with its host highlighted and any warnings; Open in a browser, or Decline. Never fetched here. */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExternalLink } from 'lucide-react';
import type { ElicitationAnswer } from '../../../../shared/elicitation.ts';
import type { Result } from '../../../../shared/errors.ts';
import { reviewUrl } from './model/urlSafety.ts';
import { UrlPreview } from './UrlPreview.tsx';
import { errorMessage } from '../common/errorText.ts';

/** Props of the URL view. */
export interface UrlElicitationProps {
  url: string;
  /** Opens the URL outside the app (system browser on the desktop, a new tab in web mode). */
  onOpen: (url: string) => Promise<Result<null>>;
  onAnswer: (answer: ElicitationAnswer) => Promise<Result<null>>;
}

/** Shows where the link goes before the user decides. */
export function UrlElicitation({ url, onOpen, onAnswer }: UrlElicitationProps) {
  const { t } = useTranslation('elicitation');
  const review = useMemo(() => reviewUrl(url), [url]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const open = async (): Promise<void> => {
    setBusy(true);
    setError(undefined);
    const opened = await onOpen(url);
    const result = opened.ok ? await onAnswer({ action: 'accept' }) : opened;
    setBusy(false);
    if (!result.ok) setError(errorMessage(t, result.error));
  };
  const decline = async (): Promise<void> => {
    setBusy(true);
    const result = await onAnswer({ action: 'decline' });
    setBusy(false);
    if (!result.ok) setError(errorMessage(t, result.error));
  };

  return (
    <div className="elicit-url">
      <UrlPreview review={review} />
      <p className="elicit-url-note">{t('url.note')}</p>
      {error && (
        <p className="field-error" role="alert">
          {t('sendFailed', { message: error })}
        </p>
      )}
      <div className="elicit-actions">
        <span className="elicit-spacer" />
        <button type="button" className="btn" disabled={busy} onClick={() => void decline()}>
          {t('decline')}
        </button>
        <button type="button" className="btn btn-primary" disabled={busy || !review.openable} onClick={() => void open()}>
          <ExternalLink aria-hidden />
          {t('url.open')}
        </button>
      </div>
    </div>
  );
}
