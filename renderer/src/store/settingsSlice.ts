/** Settings slice: mirror of the host's settings (never the API key itself), app info, and the model list. */
import type { StateCreator } from 'zustand';
import type { AppInfo, Bridge, CallName, CallParams, CallResult } from '../../../shared/contract.ts';
import { err, type Result } from '../../../shared/errors.ts';
import type { ModelInfo, Settings, SettingsView } from '../../../shared/settings.ts';
import type { StoreState } from './index.ts';
import type { ErrorLike } from '../features/common/errorText.ts';

/** The settings slice of the store. */
export interface SettingsSlice {
  /** Undefined until the host answered. */
  settings: SettingsView | undefined;
  /** Why the settings could not be loaded, as data (the view translates it). */
  settingsError: ErrorLike | undefined;
  appInfo: AppInfo | undefined;
  models: ModelInfo[];
  /** True when the model list came from the API (not the built-in fallback). */
  modelsFromApi: boolean;
  bindSettings: (bridge: Bridge) => () => void;
  updateSettings: (patch: Partial<Settings>) => Promise<Result<SettingsView>>;
  /** Stores a new API key (null removes it); the answer says only whether one is set. */
  setApiKey: (apiKey: string | null) => Promise<Result<SettingsView>>;
  loadModels: () => Promise<Result<CallResult<'models.list'>>>;
}

/** Creates the settings slice; the bridge lives in this closure. */
export const createSettingsSlice: StateCreator<StoreState, [], [], SettingsSlice> = (set) => {
  let bridge: Bridge | undefined;
  const invoke = <K extends CallName>(name: K, params: CallParams<K>): Promise<Result<CallResult<K>>> =>
    bridge ? bridge.invoke(name, params) : Promise.resolve(err('internal', 'The store is not connected to the host yet'));
  const withSettings = async (pending: Promise<Result<SettingsView>>): Promise<Result<SettingsView>> => {
    const result = await pending;
    if (result.ok) set({ settings: result.value, settingsError: undefined });
    return result;
  };

  return {
    settings: undefined,
    settingsError: undefined,
    appInfo: undefined,
    models: [],
    modelsFromApi: false,

    bindSettings(next) {
      bridge = next;
      const off = next.on('settings.changed', (settings) => set({ settings, settingsError: undefined }));
      void next.invoke('settings.get', {}).then((r) => set(r.ok ? { settings: r.value, settingsError: undefined } : { settingsError: r.error }));
      void next.invoke('app.info', {}).then((r) => {
        if (r.ok) set({ appInfo: r.value });
      });
      return off;
    },

    updateSettings: (patch) => withSettings(invoke('settings.update', patch)),
    setApiKey: (apiKey) => withSettings(invoke('settings.setApiKey', { apiKey })),
    async loadModels() {
      const result = await invoke('models.list', {});
      if (result.ok) set({ models: result.value.models, modelsFromApi: result.value.fromApi });
      return result;
    },
  };
};
