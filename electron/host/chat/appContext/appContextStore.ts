/**
 * MCP Apps' model context (ui/update-model-context): the latest context of each app card, kept until the user's next
 * message in that chat, which carries it as visible text blocks (stored, shown, exported and sent exactly as shown).
 */
import { hostErr, ok, type Result } from '../../../../shared/errors.ts';
import { hostMessage } from '../../../../shared/hostMessages.ts';
import type { ContentBlock } from '../../../../shared/chat.ts';

/** The most an app may put in the model's context at once (characters of its text); the contract holds it too. */
export const appContextMaxChars = 8192;

/** What the store needs to check that a card belongs to a chat. */
export interface AppContextSource {
  chatExists(chatId: string): boolean;
  /** True when the chat holds the call `toolCallId` to a tool of `serverId` (the app's own card). */
  hasToolCall(chatId: string, toolCallId: string, serverId: string): boolean;
}

interface Pending {
  serverId: string;
  text: string;
}

/** The label the model and the user both read before an app's context. */
export function appContextText(serverId: string, text: string): string {
  return `Context from the ${serverId} app:\n${text}`;
}

/** Pending app contexts per chat, keyed by the card's tool call id; a newer one from the same card replaces the older. */
export class AppContextStore {
  private readonly pending = new Map<string, Map<string, Pending>>();
  private readonly known = new Set<string>();
  private readonly source: AppContextSource;

  constructor(source: AppContextSource) {
    this.source = source;
  }

  /** Sets (or, with empty text, clears) the context of one app card. */
  set(chatId: string, toolCallId: string, serverId: string, text: string): Result<null> {
    if (!this.source.chatExists(chatId)) return hostErr('not_found', hostMessage('chat.notFound', { chatId }));
    if (text.length > appContextMaxChars) return hostErr('invalid_params', hostMessage('apps.contextTooLong', { length: text.length, max: appContextMaxChars }), { field: 'text' });
    if (!this.owns(chatId, toolCallId, serverId)) return hostErr('not_found', hostMessage('apps.notOwnCard', { toolCallId, server: serverId }));
    const chat = this.pending.get(chatId) ?? new Map<string, Pending>();
    if (text.trim() === '') chat.delete(toolCallId);
    else chat.set(toolCallId, { serverId, text });
    if (chat.size > 0) this.pending.set(chatId, chat);
    else this.pending.delete(chatId);
    return ok(null);
  }

  /** The chat's pending contexts as text blocks, in the order they were first set; the chat's pending list is emptied. */
  take(chatId: string): ContentBlock[] {
    const chat = this.pending.get(chatId);
    this.pending.delete(chatId);
    return [...(chat?.values() ?? [])].map(({ serverId, text }) => ({ type: 'text' as const, text: appContextText(serverId, text) }));
  }

  /** Forgets a deleted chat. */
  forget(chatId: string): void {
    this.pending.delete(chatId);
    for (const key of this.known) if (key.startsWith(`${chatId}\n`)) this.known.delete(key);
  }

  // Checked once per card: later updates of the same card (apps send many) cost nothing.
  private owns(chatId: string, toolCallId: string, serverId: string): boolean {
    const key = `${chatId}\n${toolCallId}\n${serverId}`;
    if (this.known.has(key)) return true;
    const found = this.source.hasToolCall(chatId, toolCallId, serverId);
    if (found) this.known.add(key);
    return found;
  }
}
