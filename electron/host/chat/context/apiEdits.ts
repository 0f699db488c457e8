/**
 * The API's own context management (beta): `clear_tool_uses_20250919` clears old tool results server-side once the
 * input passes a trigger, keeping the newest few. Used on api.anthropic.com (setting `auto`) or when the user says their
 * gateway supports it (`api`); never with `host`. The host still keeps every request inside the window itself.
 */
import type { BetaContextManagementConfig } from '@anthropic-ai/sdk/resources/beta/messages/messages';
import type { Settings } from '../../../../shared/settings.ts';

/** The beta the context_management field needs. */
export const contextManagementBeta = 'context-management-2025-06-27';

/** Tool uses the API keeps whole when it clears (the newest ones). */
export const apiKeepToolUses = 3;

/** True when requests should carry the API's context management. */
export function usesApiContextManagement(settings: Pick<Settings, 'contextManagement' | 'apiBaseUrl'>): boolean {
  if (settings.contextManagement === 'api') return true;
  if (settings.contextManagement === 'host') return false;
  try {
    return new URL(settings.apiBaseUrl).hostname === 'api.anthropic.com';
  } catch {
    return false;
  }
}

/** The context_management field: clear old tool results once the input passes `trigger` tokens. */
export function apiContextManagement(trigger: number): BetaContextManagementConfig {
  return {
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
}
