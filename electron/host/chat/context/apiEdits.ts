/**
 * The API's own context management (beta): `clear_tool_uses_20250919` clears old tool results server-side once the
 * input passes a trigger, keeping the newest few; on models that support it, `compact_20260112` then summarizes the
 * older messages into a `compaction` block (stored in the chat and sent back in place of them: compaction/). Used on
 * api.anthropic.com (setting `auto`) or when the user says their gateway supports it (`api`); never with `host`. The
 * host still keeps every request inside the window itself.
 */
import type { BetaContextManagementConfig } from '@anthropic-ai/sdk/resources/beta/messages/messages';
import type { Settings } from '../../../../shared/settings.ts';
import { isAnthropicApi } from '../anthropicApi.ts';

/** The beta the context_management field needs. */
export const contextManagementBeta = 'context-management-2025-06-27';

/** The beta the compaction edit needs. */
export const compactionBeta = 'compact-2026-01-12';

/** Tool uses the API keeps whole when it clears (the newest ones). */
export const apiKeepToolUses = 3;

/** The lowest compaction trigger the API accepts. */
export const minCompactionTrigger = 50_000;

/** True when requests should carry the API's context management. */
export function usesApiContextManagement(settings: Pick<Settings, 'contextManagement' | 'apiBaseUrl'>): boolean {
  if (settings.contextManagement === 'api') return true;
  if (settings.contextManagement === 'host') return false;
  return isAnthropicApi(settings.apiBaseUrl);
}

/**
 * The context_management field: clear old tool results once the input passes `trigger` tokens; with `compactAt`,
 * compact older messages once it passes that (set above `trigger`, so the cheaper clearing goes first).
 */
export function apiContextManagement(trigger: number, compactAt?: number): BetaContextManagementConfig {
  const config: BetaContextManagementConfig = {
    edits: [
      {
        type: 'clear_tool_uses_20250919',
        trigger: { type: 'input_tokens', value: Math.max(1, Math.floor(trigger)) },
        keep: { type: 'tool_uses', value: apiKeepToolUses },
        // Clearing only a little would break the prompt cache for small gain.
        clear_at_least: { type: 'input_tokens', value: Math.min(10_000, Math.floor(trigger / 10) + 1) },
      },
    ],
  };
  // No pause after compacting: the model answers on in the same turn, as the user asked.
  if (compactAt !== undefined) config.edits?.push({ type: 'compact_20260112', trigger: { type: 'input_tokens', value: Math.max(minCompactionTrigger, Math.floor(compactAt)) } });
  return config;
}
