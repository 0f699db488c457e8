/** A compact count beside "Servers" in the sidebar: how many are ready, and a red count when some failed. */
import { useTranslation } from 'react-i18next';
import { useStore } from '../../store/index.ts';

/** Ready/total, plus failures; nothing while no server is configured. */
export function ServersSummary() {
  const { t } = useTranslation('sidebar');
  const servers = useStore((s) => s.servers);
  if (servers.length === 0) return null;
  const ready = servers.filter((s) => s.status.state === 'ready').length;
  const failed = servers.filter((s) => s.status.state === 'error' || s.status.state === 'invalid' || s.status.state === 'auth_required').length;
  return (
    <span className="sb-nav-meta">
      {failed > 0 ? (
        <span className="sb-count sb-count-danger" aria-label={t('serversFailed', { count: failed })}>
          {failed}
        </span>
      ) : null}
      <span className="sb-count" aria-label={t('serversReady', { ready, total: servers.length })}>
        {ready}/{servers.length}
      </span>
    </span>
  );
}
