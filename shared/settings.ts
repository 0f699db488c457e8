/** App settings: what the renderer may see and change. The API key is write-only. */
import { z } from 'zod';

/** Theme choice. */
export const themeSchema = z.enum(['light', 'dark', 'system']);
/** Language choice; `system` follows the OS or browser. */
export const languageSchema = z.enum(['system', 'en', 'vi', 'zh-CN']);

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
  theme: themeSchema,
  language: languageSchema,
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
  theme: 'system',
  language: 'system',
};

/** A model the user can pick. */
export interface ModelInfo {
  id: string;
  displayName: string;
}
