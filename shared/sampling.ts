/** Sampling: a 2025-era server asking the app's model for a completion, shown to the user for approval. */
import { z } from 'zod';

/** One message of a sampling request as shown on the card (non-text content is described, e.g. "[image]"). */
export interface SamplingMessageView {
  role: 'user' | 'assistant';
  text: string;
  /** True when the message is plain text, so the user may edit it. */
  editable: boolean;
}

/** A sampling request waiting for the user: first to be allowed ('request'), then its answer to be sent back ('result'). */
export interface PendingSampling {
  id: string;
  serverId: string;
  chatId?: string;
  createdAt: number;
  /** When the request times out on its own (epoch ms). */
  expiresAt: number;
  stage: 'request' | 'result';
  messages: SamplingMessageView[];
  systemPrompt?: string;
  maxTokens: number;
  /** The server's model preferences, shown as asked (the app's own model answers). */
  modelPreferences?: { hints: string[]; costPriority?: number; speedPriority?: number; intelligencePriority?: number };
  /** What the model answered (stage 'result'). */
  result?: { model: string; text: string; stopReason?: string };
}

/** The user's answer: allow (with edits on the request stage) or deny. */
export const samplingAnswerSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('allow'),
    edit: z
      .object({
        /** New text per message index (only plain-text messages can be edited). */
        messages: z.record(z.string().regex(/^\d{1,4}$/), z.string().max(200_000)).optional(),
        systemPrompt: z.string().max(200_000).optional(),
        maxTokens: z.number().int().min(1).max(64_000).optional(),
      })
      .optional(),
  }),
  z.object({ action: z.literal('deny') }),
]);
/** The user's answer to a sampling card. */
export type SamplingAnswer = z.infer<typeof samplingAnswerSchema>;
