/**
 * Counts a request's input tokens with the API's count_tokens when the provider has it, else estimates. A gateway that
 * answers 404/405/501 is remembered as having none, so it is asked once. Each API count also calibrates the estimate
 * for that model (the ratio counted / estimated), so later estimates of similar content land close.
 */
import Anthropic from '@anthropic-ai/sdk';
import { estimateRequestTokens } from './estimate.ts';

/** A request's count and where it came from. */
export interface TokenCount {
  tokens: number;
  counted: 'api' | 'estimate';
}

type CountableRequest = Pick<Anthropic.MessageCreateParams, 'model' | 'messages' | 'system' | 'tools' | 'thinking'>;

/** Counts with the API where possible; keeps per-base-URL availability and per-model calibration. */
export class TokenCounter {
  private readonly unavailable = new Set<string>();
  private readonly calibration = new Map<string, number>();

  /** The factor applied to estimates for `model` (1 until an API count was seen). */
  factor(model: string): number {
    return this.calibration.get(model) ?? 1;
  }

  /** The calibrated estimate of a request. */
  estimate(request: CountableRequest): number {
    return Math.ceil(estimateRequestTokens(request) * this.factor(request.model));
  }

  /** Counts `request`: through the API when `client` is given and its base URL has count_tokens, else the estimate. */
  async count(request: CountableRequest, client: Anthropic | undefined, baseUrl: string, signal: AbortSignal): Promise<TokenCount> {
    const raw = estimateRequestTokens(request);
    if (!client || this.unavailable.has(baseUrl)) return { tokens: Math.ceil(raw * this.factor(request.model)), counted: 'estimate' };
    try {
      const params: Anthropic.MessageCountTokensParams = { model: request.model, messages: request.messages };
      if (request.system !== undefined) params.system = request.system;
      if (request.tools !== undefined) params.tools = request.tools;
      if (request.thinking !== undefined) params.thinking = request.thinking;
      const counted = await client.messages.countTokens(params, { signal, maxRetries: 0, timeout: 15_000 });
      // Clamped: one odd count (an image-heavy request) should not swing every later estimate wildly.
      if (raw > 0) this.calibration.set(request.model, Math.min(2, Math.max(0.5, counted.input_tokens / raw)));
      return { tokens: counted.input_tokens, counted: 'api' };
    } catch (cause) {
      if (cause instanceof Anthropic.APIError && (cause.status === 404 || cause.status === 405 || cause.status === 501)) this.unavailable.add(baseUrl);
      return { tokens: Math.ceil(raw * this.factor(request.model)), counted: 'estimate' };
    }
  }
}
