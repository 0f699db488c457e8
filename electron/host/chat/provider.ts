/**
 * The Anthropic provider: one SDK client per (base URL, key), streaming requests and the models list. The key comes
 * from the host's secret store at request time and never leaves the host core.
 */
import Anthropic from '@anthropic-ai/sdk';
import { hostError, ok, type AppError, type Result } from '../../../shared/errors.ts';
import { hostMessage } from '../../../shared/hostMessages.ts';
import type { ModelInfo } from '../../../shared/settings.ts';
import type { SecretStore } from '../environment.ts';
import { toApiError } from './apiErrors.ts';

/** The secret store key of the Anthropic API key. */
export const apiKeySecret = 'anthropic.apiKey';

/** Model ids offered when the models API cannot be reached (or a gateway has none). */
export const fallbackModels: ModelInfo[] = [
  { id: 'claude-sonnet-5-5', displayName: 'Claude Sonnet 5.5' },
  { id: 'claude-opus-5-5', displayName: 'Claude Opus 5.5' },
  { id: 'claude-haiku-5-5', displayName: 'Claude Haiku 5.5' },
  { id: 'claude-opus-4-8', displayName: 'Claude Opus 4.8' },
  { id: 'claude-sonnet-4-6', displayName: 'Claude Sonnet 4.6' },
  { id: 'claude-haiku-4-5', displayName: 'Claude Haiku 4.5' },
];

/** The error when no key is set. */
export function missingKeyError(): AppError {
  return hostError('api_key_missing', hostMessage('api.keyMissing'));
}

/** Creates and caches SDK clients; retries with backoff are the SDK's (429, 529, 5xx, network). */
export class AnthropicProvider {
  private readonly secrets: SecretStore;
  // One client per (base URL, betas); all are dropped when the key changes.
  private readonly clients = new Map<string, Anthropic>();
  private key: string | undefined;
  private keyLoaded = false;

  constructor(secrets: SecretStore) {
    this.secrets = secrets;
  }

  /** Whether a key is stored (loaded once, then tracked through setKey). */
  async hasKey(): Promise<boolean> {
    return (await this.loadKey()) !== undefined;
  }

  /** Stores or forgets the key. */
  async setKey(key: string | null): Promise<void> {
    if (key === null) await this.secrets.delete(apiKeySecret);
    else await this.secrets.set(apiKeySecret, key);
    this.key = key ?? undefined;
    this.keyLoaded = true;
    this.clients.clear();
  }

  private async loadKey(): Promise<string | undefined> {
    if (!this.keyLoaded) {
      this.key = await this.secrets.get(apiKeySecret);
      this.keyLoaded = true;
    }
    return this.key;
  }

  /** The client for this base URL (sending the `anthropic-beta` header for `betas`, e.g. context management), or api_key_missing. */
  async client(baseUrl: string, betas: string[] = []): Promise<Result<Anthropic>> {
    const key = await this.loadKey();
    if (!key) return { ok: false, error: missingKeyError() };
    const beta = betas.join(',');
    const slot = `${baseUrl}\u0000${beta}`;
    let client = this.clients.get(slot);
    if (!client) {
      client = new Anthropic({
        apiKey: key,
        baseURL: baseUrl,
        maxRetries: 2,
        logLevel: 'off',
        // No telemetry and no reading of ANTHROPIC_* profile files: the app's settings are the only configuration.
        openTelemetry: false,
        ...(beta ? { defaultHeaders: { 'anthropic-beta': beta } } : {}),
      });
      this.clients.set(slot, client);
    }
    return ok(client);
  }

  /** Lists models from the API; falls back to the known ids (fromApi false) on any failure. */
  async listModels(baseUrl: string, currentModel: string): Promise<{ models: ModelInfo[]; fromApi: boolean; error?: AppError }> {
    const fallback = () => {
      const models = fallbackModels.some((m) => m.id === currentModel) ? fallbackModels : [{ id: currentModel, displayName: currentModel }, ...fallbackModels];
      return { models, fromApi: false };
    };
    const client = await this.client(baseUrl);
    if (!client.ok) return { ...fallback(), error: client.error };
    try {
      const models: ModelInfo[] = [];
      for await (const model of client.value.models.list({ limit: 100 }, { maxRetries: 0, timeout: 15_000 })) {
        models.push({ id: model.id, displayName: model.display_name || model.id });
        if (models.length >= 500) break;
      }
      return models.length > 0 ? { models, fromApi: true } : fallback();
    } catch (cause) {
      return { ...fallback(), error: toApiError(cause, { model: currentModel, baseUrl, streamStarted: false }) };
    }
  }
}
