/** MCP Apps in the Servers view: the chip on a tool that has an app, and the per-server Apps switch. */
import { useTranslation } from 'react-i18next';
import { hasAppView, isAppOnly } from '../../../../shared/apps.ts';
import type { ServerView, ToolSummary } from '../../../../shared/servers.ts';
import { call } from '../../bridge/index.ts';
import { useStore } from '../../store/index.ts';
import { Switch } from '../common/Switch.tsx';

/** "Has an app" (and "App only") chips for one tool; nothing for a tool without either. */
export function AppChips({ tool }: { tool: ToolSummary }) {
  const { t } = useTranslation('apps');
  return (
    <>
      {hasAppView(tool.ui) ? <span className="chip">{t('hasApp')}</span> : null}
      {isAppOnly(tool.ui) ? <span className="chip">{t('appOnly')}</span> : null}
    </>
  );
}

/** The server's Apps switch: off stops declaring the extension to it (the server restarts). */
export function AppsSwitch({ server }: { server: ServerView }) {
  const { t } = useTranslation('apps');
  const notifyError = useStore((s) => s.notifyError);
  return (
    <label className="row sv-trust">
      <Switch
        checked={server.config.apps !== false}
        label={t('appsSwitch')}
        onCheckedChange={(on) =>
          void call('servers.setApps', { id: server.id, enabled: on }).then((r) => {
            if (!r.ok) notifyError('apps:switchFailed', r.error, { name: server.id });
          })
        }
      />
      <span>
        {t('appsSwitch')}
        <span className="field-hint"> — {t('appsSwitchHint')}</span>
      </span>
    </label>
  );
}
