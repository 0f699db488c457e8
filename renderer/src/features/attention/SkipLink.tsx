/** The first stop of Tab: a link that skips the sidebar to the message box (or to the main area when no chat is open). */
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { composerElement } from './focusTargets.ts';

/** Hidden until focused. */
export function SkipLink() {
  const { t } = useTranslation('attention');
  const skip = (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    const target = composerElement() ?? document.getElementById('main');
    target?.focus();
  };
  return (
    <a className="skip-link" href="#main" onClick={skip} data-testid="skip-link">
      {t('skip.composer')}
    </a>
  );
}
