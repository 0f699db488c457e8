/** Theme and language: applied at once (and saved), so the choice can be judged immediately. */
import { Monitor, Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Settings } from '../../../../shared/settings.ts';
import { useSettingsPatch } from './useSettingsPatch.ts';
import { Segmented } from '../common/Segmented.tsx';

const themes = [
  { value: 'light', icon: Sun },
  { value: 'dark', icon: Moon },
  { value: 'system', icon: Monitor },
] as const;

// Each language is named in itself, so a person who cannot read the current one still finds theirs.
const languages: { value: Settings['language']; label?: string }[] = [
  { value: 'system' },
  { value: 'en', label: 'English' },
  { value: 'vi', label: 'Tiếng Việt' },
  { value: 'zh-CN', label: '简体中文' },
];

/** The appearance card. */
export function AppearanceSection() {
  const { t } = useTranslation('settings');
  const { settings, change } = useSettingsPatch();
  if (!settings) return null;
  return (
    <section className="card st-card" aria-labelledby="st-appearance">
      <h2 id="st-appearance" className="st-card-title">
        {t('sections.appearance')}
      </h2>
      <div className="field">
        <span className="field-label" id="st-theme-label">
          {t('theme.label')}
        </span>
        <Segmented
          labelledBy="st-theme-label"
          value={settings.theme}
          options={themes.map(({ value, icon: Icon }) => ({ value, icon: <Icon aria-hidden />, label: ` ${t(`theme.${value}`)}` }))}
          onChange={(theme) => change({ theme })}
        />
      </div>
      <div className="field">
        <label className="field-label" htmlFor="st-language">
          {t('language.label')}
        </label>
        <select id="st-language" className="select st-narrow" value={settings.language} onChange={(e) => change({ language: e.target.value as Settings['language'] })}>
          {languages.map((l) => (
            <option key={l.value} value={l.value}>
              {l.label ?? t('language.system')}
            </option>
          ))}
        </select>
      </div>
    </section>
  );
}
