/** Runs a sampling request through the app's own Anthropic provider: its key, base URL and model, never the chat's tools. */
import type Anthropic from '@anthropic-ai/sdk';
import { appError } from '../../../shared/errors.ts';
import type { Settings } from '../../../shared/settings.ts';
import { toApiError } from '../chat/apiErrors.ts';
import type { AnthropicProvider } from '../chat/provider.ts';
import type { SamplingRunner } from './samplingBroker.ts';
import type { SamplingBlock } from './samplingMessages.ts';

type ImageType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';
const imageTypes = new Set<string>(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

function toBlock(block: SamplingBlock): Anthropic.TextBlockParam | Anthropic.ImageBlockParam {
  if (block.type === 'text') return { type: 'text', text: block.text };
  const mediaType = (imageTypes.has(block.mimeType) ? block.mimeType : 'image/png') as ImageType;
  return { type: 'image', source: { type: 'base64', media_type: mediaType, data: block.data } };
}

/** The sampler for the chat module's provider and settings. */
export function createProviderSampler(provider: AnthropicProvider, settings: () => Settings): SamplingRunner {
  return async (run, signal) => {
    const { apiBaseUrl, model } = settings();
    const client = await provider.client(apiBaseUrl);
    if (!client.ok) return client;
    try {
      const response = await client.value.messages.create(
        {
          model,
          max_tokens: run.maxTokens,
          messages: run.messages.map((message) => ({ role: message.role, content: message.content.map(toBlock) })),
          ...(run.systemPrompt !== undefined ? { system: run.systemPrompt } : {}),
          ...(run.temperature !== undefined ? { temperature: run.temperature } : {}),
          ...(run.stopSequences !== undefined ? { stop_sequences: run.stopSequences } : {}),
        },
        { signal },
      );
      const text = response.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
      // Only the server (as its request's error) and the server's log see this, never a card: plain English.
      if (!text) return { ok: false, error: appError('api_error', 'The model answered the sampling request with no text.') };
      const stopReason = response.stop_reason === 'end_turn' ? 'endTurn' : response.stop_reason === 'max_tokens' ? 'maxTokens' : response.stop_reason === 'stop_sequence' ? 'stopSequence' : undefined;
      return { ok: true, value: { model: response.model, text, ...(stopReason ? { stopReason } : {}) } };
    } catch (cause) {
      return { ok: false, error: toApiError(cause, { model, baseUrl: apiBaseUrl, streamStarted: false }) };
    }
  };
}
