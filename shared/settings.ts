/** App settings: what the renderer may see and change. The API key is write-only. */
import { z } from 'zod';
import { clientMetadataUrlSchema } from './clientMetadataUrl.ts';
import { modelPriceOverridesSchema } from './pricing/modelPrices.ts';

/** Theme choice. */
export const themeSchema = z.enum(['light', 'dark', 'system']);
/** Language choice; `system` follows the OS or browser. */
export const languageSchema = z.enum(['system', 'en', 'vi', 'zh-CN']);
/** Who keeps a long chat within the model's window: the API's context management, the host, or auto (the API on api.anthropic.com, else the host). */
export const contextManagementSchema = z.enum(['auto', 'api', 'host']);
/** Tool search: `auto` is the API's own search on api.anthropic.com and Switchboard's elsewhere; `off` sends every tool. */
export const toolSearchModeSchema = z.enum(['auto', 'server', 'host', 'off']);
/** One tool of one server, by its server id and the server's own tool name. */
export const toolKeySchema = z.object({ serverId: z.string().max(500), toolName: z.string().max(500) });
/** Servers and tools left out of a chat. */
export const toolScopeSchema = z.object({ excludedServers: z.array(z.string().max(500)).max(5000), excludedTools: z.array(toolKeySchema).max(50_000) });

/** Settings the user edits (all but the API key). */
export const settingsSchema = z.object({
  apiBaseUrl: z.string().url('API base URL must be a valid URL'),
  model: z.string().min(1, 'Model is required'),
  maxTokens: z.number().int().min(1).max(128_000),
  systemPrompt: z.string().max(100_000),
  thinkingEnabled: z.boolean(),
  thinkingBudget: z.number().int().min(1024).max(100_000),
  maxTurns: z.number().int().min(1).max(200),
  toolResultLimit: z.number().int().min(1000).max(10_000_000),
  contextManagement: contextManagementSchema,
  /** The model's context window in tokens; 0 = from the table of known models (200K when unknown). */
  contextWindow: z.number().int().min(0).max(10_000_000),
  theme: themeSchema,
  language: languageSchema,
  toolSearch: toolSearchModeSchema,
  /** Defer tools when their definitions exceed this share of the model's context window (percent)... */
  toolBudgetPercent: z.number().int().min(1).max(100),
  /** ...or when there are more than this many tools. */
  toolBudgetCount: z.number().int().min(1).max(10_000),
  /** Servers whose tools are always loaded, never deferred. */
  alwaysLoadServers: z.array(z.string().max(500)).max(5000),
  /** Tools always loaded, never deferred. */
  pinnedTools: z.array(toolKeySchema).max(5000),
  /** The scope a new chat starts with. */
  defaultToolScope: toolScopeSchema,
  /** MCP registry whose list the Browse tab shows when it answers ('' = only the catalog bundled with the app). */
  catalogRegistryUrl: z.union([z.literal(''), z.string().url('Registry URL must be a valid URL').regex(/^https?:\/\//i, 'Registry URL must start with http:// or https://')]),
  /** The app's client ID metadata document URL for OAuth sign-in ('' = none; servers then register dynamically). */
  clientMetadataUrl: z.union([z.literal(''), clientMetadataUrlSchema]),
  /** Servers starting at once (spawn to ready); 0 = about two per CPU core. */
  maxConcurrentStarts: z.number().int().min(0).max(64),
  /** Prices per model id (US dollars per million tokens) that replace the built-in table, e.g. for a gateway. */
  modelPrices: modelPriceOverridesSchema,
});
/** Settings the user edits. */
export type Settings = z.infer<typeof settingsSchema>;

/** Settings as the renderer sees them: never the key, only whether one is set. */
export type SettingsView = Settings & { hasApiKey: boolean; secretStorage: 'keychain' | 'file' };

/** Defaults for a fresh install. */
export const defaultSettings: Settings = {
  apiBaseUrl: 'https://api.anthropic.com',
  model: 'claude-sonnet-5-5',
  maxTokens: 8192,
  systemPrompt: '',
  thinkingEnabled: false,
  thinkingBudget: 4096,
  maxTurns: 25,
  toolResultLimit: 100_000,
  contextManagement: 'auto',
  contextWindow: 0,
  theme: 'system',
  language: 'system',
  toolSearch: 'auto',
  toolBudgetPercent: 10,
  toolBudgetCount: 40,
  alwaysLoadServers: [],
  pinnedTools: [],
  defaultToolScope: { excludedServers: [], excludedTools: [] },
  catalogRegistryUrl: 'https://registry.modelcontextprotocol.io/v0/servers',
  clientMetadataUrl: '',
  maxConcurrentStarts: 0,
  modelPrices: {},
};

/** A model the user can pick. */
export interface ModelInfo {
  id: string;
  displayName: string;
}
