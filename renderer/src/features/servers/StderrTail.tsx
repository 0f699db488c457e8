/** The last lines a server wrote to stderr before failing: usually the real reason (missing package, bad flag). */
import { useTranslation } from 'react-i18next';

/** Props of StderrTail. */
export interface StderrTailProps {
  lines: string[];
}

/** A scrollable monospace block of stderr lines, or nothing when there are none. */
export function StderrTail({ lines }: StderrTailProps) {
  const { t } = useTranslation('servers');
  if (lines.length === 0) return null;
  return (
    <figure className="sv-stderr">
      <figcaption>{t('stderr')}</figcaption>
      <pre data-testid="stderr-tail">{lines.join('\n')}</pre>
    </figure>
  );
}
