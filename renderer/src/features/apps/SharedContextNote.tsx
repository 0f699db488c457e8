/** The note on an app's card while its context waits for the user's next message: short, expandable to the whole text. */
import { useTranslation } from 'react-i18next';

const previewChars = 80;

/** Shows what the app will share with the model on the next message. */
export function SharedContextNote({ text }: { text: string }) {
  const { t } = useTranslation('apps');
  const preview = text.length > previewChars ? `${text.slice(0, previewChars)}…` : text;
  return (
    <details className="app-frame-context" data-testid="app-context-note">
      <summary>
        {t('contextPending')} <span className="app-frame-context-preview">{preview}</span>
      </summary>
      <pre className="app-frame-context-text">{text}</pre>
    </details>
  );
}
