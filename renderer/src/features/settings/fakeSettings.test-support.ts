/** Section tests' settings: the store bound to a fake bridge that serves the defaults (with `start`) and records what each save sends. */
import { defaultSettings, type Settings, type SettingsView } from '../../../../shared/settings.ts';
import { ok } from '../../../../shared/errors.ts';
import { useStore } from '../../store/index.ts';
import { fakeBridge } from '../common/fakeBridge.ts';

/** Binds the store's settings to a fake host; `patches` lists every `settings.update`, `saved()` the settings as stored now. */
export function bindFakeSettings(start: Partial<Settings> = {}): { patches: Partial<Settings>[]; saved: () => SettingsView } {
  let settings: SettingsView = { ...defaultSettings, ...start, hasApiKey: true, secretStorage: 'file' };
  const patches: Partial<Settings>[] = [];
  const fake = fakeBridge({
    'settings.get': () => ok(settings),
    'app.info': () => ok({ version: '0', mode: 'web', dataDir: '/tmp', platform: 'linux', notices: [] }),
    'settings.update': (patch) => {
      patches.push(patch);
      return ok((settings = { ...settings, ...patch }));
    },
  });
  useStore.getState().bindSettings(fake.bridge);
  return { patches, saved: () => settings };
}
