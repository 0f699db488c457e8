/** Where a link goes, before anyone opens it: the host large, the full URL with the host highlighted, and what to watch out for. */
import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { UrlReview } from './model/urlSafety.ts';
import './elicitation.css';

/** Props of UrlPreview. */
export interface UrlPreviewProps {
  /** The URL as reviewed by `reviewUrl`. */
  review: UrlReview;
  /** The line above the host (defaults to "This link goes to"). */
  label?: string;
}

/** Shows a reviewed URL; shared by URL-mode elicitation and a server's sign-in. */
export function UrlPreview({ review, label }: UrlPreviewProps) {
  const { t } = useTranslation('elicitation');
  return (
    <>
      <div className="elicit-url-label">{label ?? t('url.goesTo')}</div>
      <div className="elicit-url-host" data-testid="elicit-url-host">
        {review.host}
      </div>
      {review.asciiHost && <div className="elicit-url-ascii">{t('url.asciiHost', { host: review.asciiHost })}</div>}
      <div className="elicit-url-full" data-testid="elicit-url-full">
        <span className="elicit-url-dim">{review.prefix}</span>
        <mark className="elicit-url-mark">{review.host}</mark>
        <span className="elicit-url-dim">{review.rest}</span>
      </div>
      {review.warnings.length > 0 && (
        <ul className="elicit-warnings" aria-label={t('url.warningsLabel')}>
          {review.warnings.map((w) => (
            <li key={w} className="callout callout-warning">
              <TriangleAlert aria-hidden />
              <span>{t(`url.warnings.${w}`)}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
