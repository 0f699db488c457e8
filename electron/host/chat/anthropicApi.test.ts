import { describe, expect, it } from 'vitest';
import { isAnthropicApi } from './anthropicApi.ts';
import { usesApiContextManagement } from './context/apiEdits.ts';
import { searchMode } from './toolSearch/deferralPolicy.ts';

describe("Anthropic's own API", () => {
  it('is told by the base URL, each time it changes', () => {
    expect(isAnthropicApi('https://api.anthropic.com')).toBe(true);
    expect(isAnthropicApi('https://api.anthropic.com')).toBe(true);
    expect(isAnthropicApi('http://127.0.0.1:8080')).toBe(false);
    expect(isAnthropicApi('http://127.0.0.1:8080')).toBe(false);
    expect(isAnthropicApi('https://api.anthropic.com/v1')).toBe(true);
    expect(isAnthropicApi('not a url')).toBe(false);
    expect(isAnthropicApi('https://api.anthropic.com.example.org')).toBe(false);
  });

  it('decides the context management and the tool search on auto, alternating base URLs', () => {
    for (const [apiBaseUrl, anthropic] of [['https://api.anthropic.com', true], ['http://127.0.0.1:8080', false], ['https://api.anthropic.com', true]] as const) {
      expect(usesApiContextManagement({ contextManagement: 'auto', apiBaseUrl })).toBe(anthropic);
      expect(searchMode({ toolSearch: 'auto', apiBaseUrl })).toBe(anthropic ? 'server' : 'host');
    }
    expect(usesApiContextManagement({ contextManagement: 'api', apiBaseUrl: 'http://127.0.0.1:8080' })).toBe(true);
    expect(usesApiContextManagement({ contextManagement: 'host', apiBaseUrl: 'https://api.anthropic.com' })).toBe(false);
  });
});
