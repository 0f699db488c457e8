/**
 * The sampling broker: a 2025-era server's `sampling/createMessage` waits here for the user (Allow, Edit then allow,
 * Deny), runs through the app's own provider without tools, and its answer is shown again before it goes back. A
 * per-server rate limit refuses floods; "always allow sampling" skips both cards but never the rate limit.
 */
import { ProtocolError, ProtocolErrorCode, type CreateMessageRequestParams, type CreateMessageResult } from '@modelcontextprotocol/client';
import type { Result } from '../../../shared/errors.ts';
import type { PendingSampling, SamplingAnswer } from '../../../shared/sampling.ts';
import type { HostEventHub } from '../events.ts';
import { PendingRequests } from '../pendingRequests.ts';
import { SlidingWindowLimit } from './rateLimit.ts';
import { applyEdit, toMessageViews, toPreferences, toSamplingRun, type SamplingRun } from './samplingMessages.ts';

/** What the provider answered. */
export interface SampledAnswer {
  model: string;
  text: string;
  stopReason?: string;
}

/** Runs one sampling request through the app's provider (its key, base URL and model; no tools). */
export type SamplingRunner = (run: SamplingRun, signal: AbortSignal) => Promise<Result<SampledAnswer>>;

/** One server request for sampling. */
export interface SamplingRequestInput {
  serverId: string;
  chatId?: string;
  params: CreateMessageRequestParams;
  /** The server's "always allow sampling" switch, read when the request arrives. */
  alwaysAllow: boolean;
}

/** Routes sampling requests to the user and the provider. */
export interface SamplingBroker {
  /** Resolves with the result for the server, or rejects with a ProtocolError (denied, rate-limited, failed). */
  request(input: SamplingRequestInput, options?: { signal?: AbortSignal }): Promise<CreateMessageResult>;
  list(): PendingSampling[];
  answer(id: string, answer: SamplingAnswer): boolean;
  cancelAll(chatId?: string): void;
}

/** Limits and hooks of the broker. */
export interface SamplingBrokerOptions {
  /** Requests per server per window; beyond it a request is refused. Default 10 a minute. */
  perMinute?: number;
  windowMs?: number;
  timeoutMs?: number;
  now?: () => number;
  /** Writes a line to a server's log. */
  note?: (serverId: string, text: string) => void;
}

/** The error code the spec's examples use for a request the user rejected. */
export const userRejectedCode = -1;

const deny = (): SamplingAnswer => ({ action: 'deny' });

/** Builds the broker; the pending list is pushed as 'sampling.changed'. */
export function createSamplingBroker(events: HostEventHub, runner: SamplingRunner, options: SamplingBrokerOptions = {}): SamplingBroker {
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 10 * 60_000;
  const limit = new SlidingWindowLimit(options.perMinute ?? 10, options.windowMs ?? 60_000);
  const pending = new PendingRequests<PendingSampling, SamplingAnswer>((list) => events.emit('sampling.changed', list));

  const ask = (card: Omit<PendingSampling, 'id' | 'createdAt' | 'expiresAt'>, signal: AbortSignal | undefined): Promise<SamplingAnswer> => {
    const createdAt = now();
    return pending.add((id): PendingSampling => ({ ...card, id, createdAt, expiresAt: createdAt + timeoutMs }), deny, {
      timeoutMs,
      ...(card.chatId !== undefined ? { group: card.chatId } : {}),
      ...(signal ? { signal } : {}),
    }).answer;
  };

  return {
    async request(input, requestOptions = {}) {
      const { serverId, params } = input;
      const note = (text: string) => options.note?.(serverId, text);
      if (!limit.take(serverId, now())) {
        const message = `Sampling refused: ${serverId} asked more than ${limit.limit} times in ${Math.round(limit.windowMs / 1000)} s.`;
        note(message);
        throw new ProtocolError(ProtocolErrorCode.InvalidRequest, message);
      }
      const converted = toSamplingRun(params);
      if (!converted.ok) {
        note(`Sampling refused: ${converted.message}`);
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, converted.message);
      }
      const base = {
        serverId,
        ...(input.chatId !== undefined ? { chatId: input.chatId } : {}),
        ...(toPreferences(params) ? { modelPreferences: toPreferences(params) } : {}),
      };
      let run = converted.run;
      const card = (stage: PendingSampling['stage']) => ({ ...base, stage, messages: toMessageViews(run), maxTokens: run.maxTokens, ...(run.systemPrompt !== undefined ? { systemPrompt: run.systemPrompt } : {}) });
      if (!input.alwaysAllow) {
        const answer = await ask(card('request'), requestOptions.signal);
        if (answer.action === 'deny') {
          note('Sampling request denied.');
          throw new ProtocolError(userRejectedCode, 'The user denied the sampling request.');
        }
        run = applyEdit(run, answer);
      }
      const controller = new AbortController();
      const signal = requestOptions.signal ? AbortSignal.any([requestOptions.signal, controller.signal]) : controller.signal;
      const sampled = await runner(run, signal);
      if (!sampled.ok) {
        note(`Sampling failed: ${sampled.error.message}`);
        throw new ProtocolError(ProtocolErrorCode.InternalError, `Sampling failed: ${sampled.error.message}`);
      }
      const { model, text, stopReason } = sampled.value;
      if (!input.alwaysAllow) {
        const shown = await ask({ ...card('result'), result: { model, text, ...(stopReason !== undefined ? { stopReason } : {}) } }, requestOptions.signal);
        if (shown.action === 'deny') {
          note('Sampled answer withheld by the user.');
          throw new ProtocolError(userRejectedCode, 'The user did not send the sampled answer back.');
        }
      } else note(`Sampling allowed without asking (always allow): ${text.length} characters from ${model}.`);
      return { model, role: 'assistant', content: { type: 'text', text }, ...(stopReason !== undefined ? { stopReason } : {}) };
    },
    list: () => pending.list(),
    answer: (id, answer) => pending.answer(id, answer),
    cancelAll: (chatId) => pending.cancelAll(chatId),
  };
}
