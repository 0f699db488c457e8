/** How long a pending request will still wait, ticking every second. */
import { useTranslation } from 'react-i18next';
import { Timer } from 'lucide-react';
import { formatClock } from '../chat/model/format.ts';
import { useNow } from '../common/useNow.ts';

/** "Waits 9:42 more", turning to a warning in the last minute. */
export function Countdown({ expiresAt }: { expiresAt: number }) {
  const { t, i18n } = useTranslation('elicitation');
  const now = useNow(true);
  const left = expiresAt - now;
  return (
    <span className={`elicit-countdown${left < 60_000 ? ' is-urgent' : ''}`} title={new Date(expiresAt).toLocaleTimeString(i18n.language)}>
      <Timer size={13} aria-hidden />
      {left > 0 ? t('waits', { time: formatClock(left) }) : t('expired')}
    </span>
  );
}
