/** The "Long chats and many servers" card: who trims long chats, the model's window, and how many servers start at once. Saved at once. */
import { useTranslation } from 'react-i18next';
import type { Settings } from '../../../../shared/settings.ts';
import { useSettingsPatch } from './useSettingsPatch.ts';
import { NumberField } from './NumberField.tsx';

const managers: Settings['contextManagement'][] = ['auto', 'api', 'host'];

/** The card for settings that matter at scale: context management, context window, concurrent starts. */
export function LongChatsSection() {
  const { t } = useTranslation('scaleSettings');
  const { settings, change } = useSettingsPatch();
  if (!settings) return null;
  return (
    <section className="card st-card" aria-labelledby="st-scale">
      <h2 id="st-scale" className="st-card-title">
        {t('title')}
      </h2>
      <div className="field">
        <label className="field-label" htmlFor="st-context-management">
          {t('contextManagement.label')}
        </label>
        <select
          id="st-context-management"
          className="select st-narrow"
          aria-describedby="st-context-management-hint"
          value={settings.contextManagement}
          onChange={(e) => change({ contextManagement: managers.find((m) => m === e.target.value) ?? 'auto' })}
        >
          {managers.map((manager) => (
            <option key={manager} value={manager}>
              {t(`contextManagement.options.${manager}`)}
            </option>
          ))}
        </select>
        <span id="st-context-management-hint" className="field-hint">
          {t('contextManagement.hint')}
        </span>
      </div>
      <NumberField
        id="st-context-window"
        label={t('contextWindow.label')}
        hint={t('contextWindow.hint')}
        value={settings.contextWindow}
        min={0}
        max={10_000_000}
        onSave={(n) => change({ contextWindow: n })}
      />
      <NumberField
        id="st-max-starts"
        label={t('maxConcurrentStarts.label')}
        hint={t('maxConcurrentStarts.hint')}
        value={settings.maxConcurrentStarts}
        min={0}
        max={64}
        onSave={(n) => change({ maxConcurrentStarts: n })}
      />
    </section>
  );
}
