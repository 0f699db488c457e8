/** The red count of decisions waiting, on a chat or on Servers; read as "N decisions waiting" by screen readers. */
import { useTranslation } from 'react-i18next';
import '../attention/attention.css';

/** Nothing when `count` is 0. */
export function WaitingBadge({ count, testId }: { count: number; testId: string }) {
  const { t } = useTranslation('attention');
  if (count <= 0) return null;
  return (
    <span className="sb-badge" data-testid={testId}>
      <span aria-hidden>{count}</span>
      <span className="visually-hidden">{`, ${t('waiting.count', { count })}`}</span>
    </span>
  );
}
