/** The "Many tools" card: tool search mode, the budget over which tools are deferred, and servers always loaded. Saved at once. */
import { useTranslation } from 'react-i18next';
import type { Settings } from '../../../../shared/settings.ts';
import { useStore } from '../../store/index.ts';
import { useSettingsPatch } from './useSettingsPatch.ts';
import { VisibleText } from '../common/VisibleText.tsx';
import { NumberField } from './NumberField.tsx';

const modes: Settings['toolSearch'][] = ['auto', 'server', 'host', 'off'];

/** The tool search card. */
export function ToolSearchSection() {
  const { t } = useTranslation('settings');
  const { settings, change } = useSettingsPatch();
  const servers = useStore((s) => s.servers);
  if (!settings) return null;
  const always = new Set(settings.alwaysLoadServers);
  return (
    <section className="card st-card" aria-labelledby="st-tools">
      <h2 id="st-tools" className="st-card-title">
        {t('toolSearch.title')}
      </h2>
      <p className="field-hint">{t('toolSearch.intro')}</p>
      <div className="field">
        <label className="field-label" htmlFor="st-tool-search">
          {t('toolSearch.mode')}
        </label>
        <select id="st-tool-search" className="select st-narrow" value={settings.toolSearch} onChange={(e) => change({ toolSearch: modes.find((m) => m === e.target.value) ?? 'auto' })}>
          {modes.map((mode) => (
            <option key={mode} value={mode}>
              {t(`toolSearch.modes.${mode}`)}
            </option>
          ))}
        </select>
      </div>
      <NumberField id="st-tool-percent" label={t('toolSearch.percent')} hint={t('toolSearch.percentHint')} value={settings.toolBudgetPercent} min={1} max={100} onSave={(n) => change({ toolBudgetPercent: n })} />
      <NumberField id="st-tool-count" label={t('toolSearch.count')} hint={t('toolSearch.countHint')} value={settings.toolBudgetCount} min={1} max={10_000} onSave={(n) => change({ toolBudgetCount: n })} />
      <fieldset className="field">
        <legend className="field-label">{t('toolSearch.alwaysLoad')}</legend>
        {servers.length === 0 && <span className="field-hint">{t('toolSearch.noServers')}</span>}
        {servers.map((server) => (
          <label key={server.id} className="st-check">
            <input
              type="checkbox"
              checked={always.has(server.id)}
              onChange={(e) => change({ alwaysLoadServers: e.target.checked ? [...always, server.id].sort() : [...always].filter((id) => id !== server.id) })}
            />
            <VisibleText text={server.id} />
          </label>
        ))}
      </fieldset>
    </section>
  );
}
