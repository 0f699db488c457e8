/** The settings calls: read and change settings, set or clear the API key (write-only), list models. */
import { hostErr, ok, zodToAppError } from '../../../shared/errors.ts';
import { hostMessage } from '../../../shared/hostMessages.ts';
import { settingsSchema, type SettingsView } from '../../../shared/settings.ts';
import type { HostEventHub } from '../events.ts';
import type { SecretStore } from '../environment.ts';
import type { ChatCalls } from '../ports.ts';
import type { SettingsStore } from '../store/settingsStore.ts';
import { HostMessageError } from '../hostMessageError.ts';
import type { AnthropicProvider } from './provider.ts';

/** The settings part of the chat module's calls. */
export type SettingsCalls = Pick<ChatCalls, 'settings.get' | 'settings.update' | 'settings.setApiKey' | 'models.list'>;

/** Builds the settings calls. */
export function createSettingsCalls(deps: { store: SettingsStore; provider: AnthropicProvider; secrets: SecretStore; events: HostEventHub }): SettingsCalls {
  const { store, provider, events } = deps;
  const view = async (): Promise<SettingsView> => ({ ...store.get(), hasApiKey: await provider.hasKey(), secretStorage: deps.secrets.kind });
  const changed = async () => {
    const current = await view();
    events.emit('settings.changed', current);
    return current;
  };

  return {
    'settings.get': async () => ok(await view()),
    'settings.update': async (change) => {
      // Validated again here: direct (non-bridge) callers skip the dispatcher.
      const parsed = settingsSchema.partial().safeParse(change);
      if (!parsed.success) return { ok: false, error: zodToAppError(parsed.error) };
      try {
        await store.update(parsed.data);
      } catch (cause) {
        // A refusal the store worded itself (an unreadable file it will not overwrite) is shown as it is.
        if (cause instanceof HostMessageError) return hostErr('storage_error', cause.text);
        return hostErr('storage_error', hostMessage('settings.saveFailed', { reason: String(cause) }));
      }
      return ok(await changed());
    },
    'settings.setApiKey': async ({ apiKey }) => {
      try {
        await provider.setKey(apiKey === null ? null : apiKey.trim());
      } catch (cause) {
        return hostErr('storage_error', hostMessage('settings.keyFailed', { reason: String(cause) }));
      }
      return ok(await changed());
    },
    'models.list': async () => {
      const settings = store.get();
      const { models, fromApi } = await provider.listModels(settings.apiBaseUrl, settings.model);
      return ok({ models, fromApi });
    },
  };
}
