import { describe, expect, it } from 'vitest';
import { usesApiContextManagement } from './apiEdits.ts';

describe('API context management', () => {
  it('follows the base URL on auto, each time it changes, and the explicit settings', () => {
    const auto = (apiBaseUrl: string) => usesApiContextManagement({ contextManagement: 'auto', apiBaseUrl });
    expect(auto('https://api.anthropic.com')).toBe(true);
    expect(auto('https://api.anthropic.com')).toBe(true);
    expect(auto('http://127.0.0.1:8080')).toBe(false);
    expect(auto('http://127.0.0.1:8080')).toBe(false);
    expect(auto('https://api.anthropic.com/v1')).toBe(true);
    expect(auto('not a url')).toBe(false);
    expect(usesApiContextManagement({ contextManagement: 'api', apiBaseUrl: 'http://127.0.0.1:8080' })).toBe(true);
    expect(usesApiContextManagement({ contextManagement: 'host', apiBaseUrl: 'https://api.anthropic.com' })).toBe(false);
  });
});
