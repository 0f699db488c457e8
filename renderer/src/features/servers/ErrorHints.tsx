/** What to try after a server error, translated: the PATH searched (for a command not found), then the hints. */
import { useTranslation } from 'react-i18next';
import type { HostMessage } from '../../../../shared/hostMessages.ts';
import { hostText } from '../common/errorText.ts';

/** Props of ErrorHints. */
export interface ErrorHintsProps {
  hints: HostMessage[];
  searched?: string[] | undefined;
}

/** The host's hints as a list, each sentence in the user's language. */
export function ErrorHints({ hints, searched }: ErrorHintsProps) {
  const { t } = useTranslation('hostMessages');
  return (
    <div className="sv-error-detail sv-error-hints-block" data-testid="server-error-detail">
      {searched ? (
        <>
          <p className="sv-error-detail-title">{hostText(t, { code: 'cnf.searchedPath' })}</p>
          {searched.length > 0 ? (
            <ul className="sv-error-paths">
              {searched.map((entry, index) => (
                <li key={index}>
                  <code>{entry}</code>
                </li>
              ))}
            </ul>
          ) : (
            <p>{hostText(t, { code: 'cnf.searchedEmpty' })}</p>
          )}
        </>
      ) : null}
      {hints.length > 0 ? (
        <>
          <p className="sv-error-detail-title">{hostText(t, { code: 'cnf.whatToTry' })}</p>
          <ul className="sv-error-hints">
            {hints.map((hint, index) => (
              <li key={index}>{hostText(t, hint)}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
