/** Turns a `sampling/createMessage` request into what the card shows and what the provider is sent. */
import type { CreateMessageRequestParams } from '@modelcontextprotocol/client';
import type { PendingSampling, SamplingAnswer, SamplingMessageView } from '../../../shared/sampling.ts';

/** One content block sent to the model. */
export type SamplingBlock = { type: 'text'; text: string } | { type: 'image'; data: string; mimeType: string };

/** What the provider is asked to complete (no tools: sampling never offers the chat's tools). */
export interface SamplingRun {
  messages: { role: 'user' | 'assistant'; content: SamplingBlock[] }[];
  systemPrompt?: string;
  maxTokens: number;
  temperature?: number;
  stopSequences?: string[];
}

type Message = CreateMessageRequestParams['messages'][number];
type Block = Extract<Message['content'], { type: string }>;

function blocksOf(message: Message): Block[] {
  const content: unknown = message.content;
  return (Array.isArray(content) ? content : [content]) as Block[];
}

/** The request as the provider will get it, or why it cannot be sent (audio, tool use: not supported). */
export function toSamplingRun(params: CreateMessageRequestParams): { ok: true; run: SamplingRun } | { ok: false; message: string } {
  const messages: SamplingRun['messages'] = [];
  for (const message of params.messages) {
    const content: SamplingBlock[] = [];
    for (const block of blocksOf(message)) {
      if (block.type === 'text') content.push({ type: 'text', text: block.text });
      else if (block.type === 'image') content.push({ type: 'image', data: block.data, mimeType: block.mimeType });
      // Goes back to the server as its request's error and into the server's log, never to a card: plain English.
      else return { ok: false, message: `Switchboard can only sample text and images; the request holds ${block.type} content.` };
    }
    messages.push({ role: message.role, content });
  }
  return {
    ok: true,
    run: {
      messages,
      maxTokens: params.maxTokens,
      ...(params.systemPrompt !== undefined ? { systemPrompt: params.systemPrompt } : {}),
      ...(params.temperature !== undefined ? { temperature: params.temperature } : {}),
      ...(params.stopSequences !== undefined ? { stopSequences: params.stopSequences } : {}),
    },
  };
}

/** The messages as the card shows them; only single plain-text messages are editable. */
export function toMessageViews(run: SamplingRun): SamplingMessageView[] {
  return run.messages.map((message) => ({
    role: message.role,
    text: message.content.map((block) => (block.type === 'text' ? block.text : `[image ${block.mimeType}]`)).join('\n'),
    editable: message.content.length === 1 && message.content[0]?.type === 'text',
  }));
}

/** The server's model preferences as shown on the card. */
export function toPreferences(params: CreateMessageRequestParams): PendingSampling['modelPreferences'] {
  const prefs = params.modelPreferences;
  if (!prefs) return undefined;
  return {
    hints: (prefs.hints ?? []).flatMap((hint) => (typeof hint.name === 'string' ? [hint.name] : [])),
    ...(prefs.costPriority !== undefined ? { costPriority: prefs.costPriority } : {}),
    ...(prefs.speedPriority !== undefined ? { speedPriority: prefs.speedPriority } : {}),
    ...(prefs.intelligencePriority !== undefined ? { intelligencePriority: prefs.intelligencePriority } : {}),
  };
}

/** Applies the user's edits (message text, system prompt, max tokens) to the run. */
export function applyEdit(run: SamplingRun, answer: SamplingAnswer): SamplingRun {
  if (answer.action !== 'allow' || !answer.edit) return run;
  const { edit } = answer;
  const messages = run.messages.map((message, index) => {
    const text = edit.messages?.[String(index)];
    const editable = message.content.length === 1 && message.content[0]?.type === 'text';
    return text !== undefined && editable ? { ...message, content: [{ type: 'text' as const, text }] } : message;
  });
  return {
    ...run,
    messages,
    ...(edit.systemPrompt !== undefined ? { systemPrompt: edit.systemPrompt } : {}),
    ...(edit.maxTokens !== undefined ? { maxTokens: edit.maxTokens } : {}),
  };
}
