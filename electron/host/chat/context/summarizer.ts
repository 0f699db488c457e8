/**
 * Summarizes older turns of a chat with a real request through the chat's own provider and model, so the summary can
 * stand in for them in later requests. The transcript is plain text (tool calls shown by name, arguments and a short
 * excerpt of the result); the previous summary, when there is one, is folded in.
 */
import type Anthropic from '@anthropic-ai/sdk';
import { appError, type AppError, type Result } from '../../../../shared/errors.ts';
import type { ChatMessage } from '../../../../shared/chat.ts';
import { toApiError } from '../apiErrors.ts';
import { charsPerToken } from './estimate.ts';

/** The instruction of the summarization request. */
export const summarizerSystem =
  'You condense the earlier part of a conversation between a user and an AI assistant that uses tools, so the assistant can continue it without the original messages. ' +
  'Keep every fact, decision, open question, name, number, file path and identifier the conversation may need later, and what tools were used for. ' +
  'Write a compact, factual summary in the language of the conversation. Do not address the user.';

/** How the summary is introduced to the model at the start of later requests. */
export function summaryPreamble(text: string, coveredMessages: number, unreadMessages = 0): string {
  const unread = unreadMessages > 0 ? `; the oldest ${unreadMessages} of them were too many to summarize and are left out` : '';
  return `[Summary of the ${coveredMessages} earlier messages of this conversation, which were condensed to fit the context window${unread}]\n${text}`;
}

// Tool results inside the transcript are cut: the summary needs what they were about, not their bulk.
const resultExcerptChars = 2_000;

function transcriptLine(message: ChatMessage): string {
  const parts: string[] = [];
  for (const block of message.blocks) {
    if (block.type === 'text' && block.text) parts.push(block.text);
    else if (block.type === 'compaction' && block.content) parts.push(`[Summary of the conversation before this point]\n${block.content}`);
    else if (block.type === 'attachment') parts.push(`[attached ${block.name ?? block.uri}]`);
    else if (block.type === 'tool_call') {
      const result = (block.result?.content ?? []).map((c) => (c.type === 'text' ? c.text : `[${c.type}]`)).join('\n');
      const excerpt = result.length > resultExcerptChars ? `${result.slice(0, resultExcerptChars)} …` : result;
      parts.push(`[tool ${block.toolName} ${JSON.stringify(block.input ?? {})} -> ${block.status}${excerpt ? `: ${excerpt}` : ''}]`);
    }
  }
  return parts.length > 0 ? `${message.role === 'user' ? 'User' : 'Assistant'}: ${parts.join('\n')}` : '';
}

/** The transcript of `messages`, newest kept when it is longer than `maxTokens`; with how many messages it left out. */
export function transcriptOf(messages: ChatMessage[], maxTokens: number): { text: string; left: number } {
  const lines: string[] = [];
  let chars = 0;
  const maxChars = maxTokens * charsPerToken;
  let i = messages.length - 1;
  for (; i >= 0; i--) {
    const message = messages[i];
    if (!message || message.status === 'error') continue;
    const line = transcriptLine(message);
    if (chars + line.length > maxChars) break;
    lines.push(line);
    chars += line.length + 2;
  }
  return { text: lines.reverse().filter(Boolean).join('\n\n'), left: i + 1 };
}

/** Asks the model for a summary of `messages` (after `previous`). Never throws: errors are data. */
export async function summarize(options: {
  client: Anthropic;
  model: string;
  baseUrl: string;
  previous: string | undefined;
  messages: ChatMessage[];
  /** Input tokens the summarization request may use. */
  inputBudget: number;
  signal: AbortSignal;
}): Promise<Result<{ text: string; left: number }>> {
  const previous = options.previous ? `Summary of what came before:\n${options.previous}\n\n` : '';
  const room = Math.max(1_000, options.inputBudget - Math.ceil(previous.length / charsPerToken) - 1_000);
  const transcript = transcriptOf(options.messages, room);
  const prompt = `${previous}Conversation to summarize:\n\n${transcript.text}\n\nWrite the summary now.`;
  try {
    const response = await options.client.messages.create(
      { model: options.model, max_tokens: 2_048, system: summarizerSystem, messages: [{ role: 'user', content: prompt }] },
      { signal: options.signal },
    );
    const text = response.content.map((b) => (b.type === 'text' ? b.text : '')).join('').trim();
    // Only logged (contextManager leaves the older messages out and says so with its own notice), so plain English.
    if (!text) return { ok: false, error: appError('api_error', 'The summary of older messages came back empty.') };
    return { ok: true, value: { text, left: transcript.left } };
  } catch (cause) {
    const error: AppError = toApiError(cause, { model: options.model, baseUrl: options.baseUrl, streamStarted: false });
    return { ok: false, error };
  }
}
