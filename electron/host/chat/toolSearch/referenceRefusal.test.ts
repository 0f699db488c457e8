import { describe, expect, it } from 'vitest';
import { appError } from '../../../../shared/errors.ts';
import { isToolReferenceRefusal, ReferenceRefusals } from './referenceRefusal.ts';

describe('a refusal of deferred tools or tool references', () => {
  it('is an API error naming defer_loading or tool_reference, and nothing else is', () => {
    const api = (detail: string) => appError('api_error', `The API answered 400: ${detail}`, { detail });
    expect(isToolReferenceRefusal(api('tools.3.defer_loading: Extra inputs are not permitted'))).toBe(true);
    expect(isToolReferenceRefusal(api("messages.2.content.0.content.0: Input tag 'tool_reference' found"))).toBe(true);
    expect(isToolReferenceRefusal(api('max_tokens: must be at most 8192'))).toBe(false);
    // Another kind of failure that happens to mention it (a network error's text) is not a refusal.
    expect(isToolReferenceRefusal(appError('api_network', 'defer_loading unreachable'))).toBe(false);
  });

  it('is remembered per base URL', () => {
    const refusals = new ReferenceRefusals();
    expect(refusals.accepts('http://gw:1')).toBe(true);
    refusals.note('http://gw:1');
    expect(refusals.accepts('http://gw:1')).toBe(false);
    expect(refusals.accepts('https://api.anthropic.com')).toBe(true);
  });
});
