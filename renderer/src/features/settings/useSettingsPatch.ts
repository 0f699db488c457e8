/** The settings cards' shared save: the current settings plus a `change` that saves a patch and reports a failed save. */
import type { Settings, SettingsView } from '../../../../shared/settings.ts';
import { useStore } from '../../store/index.ts';

/** Settings as stored (undefined until loaded) and `change(patch)`, which saves at once and shows a failed save as an error notice. */
export function useSettingsPatch(): { settings: SettingsView | undefined; change: (patch: Partial<Settings>) => void } {
  const settings = useStore((s) => s.settings);
  const updateSettings = useStore((s) => s.updateSettings);
  const notifyError = useStore((s) => s.notifyError);
  const change = (patch: Partial<Settings>) =>
    void updateSettings(patch).then((r) => {
      if (!r.ok) notifyError('settings:saveFailed', r.error);
    });
  return { settings, change };
}
