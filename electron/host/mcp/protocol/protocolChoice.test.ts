import { describe, expect, it } from 'vitest';
import { err, ok } from '../../../../shared/errors.ts';
import { backChannelHint, looksLikeBackChannelFailure, negotiationFor, pinnedPrior, withBackChannelHint } from './protocolChoice.ts';

describe('protocol choice', () => {
  it('maps auto and the pins to the SDK negotiation and verdict', () => {
    expect(negotiationFor('auto', 5000)).toEqual({ mode: 'auto', probe: { timeoutMs: 5000 } });
    expect(negotiationFor('auto', undefined)).toEqual({ mode: 'auto' });
    expect(negotiationFor('2025-11-25', 5000)).toEqual({ mode: 'legacy' });
    expect(negotiationFor('2026-07-28', 5000)).toEqual({ mode: { pin: '2026-07-28' } });
    expect(pinnedPrior('2025-11-25')).toEqual({ kind: 'legacy' });
    expect(pinnedPrior('2026-07-28')).toMatchObject({ kind: 'modern', discover: { supportedVersions: ['2026-07-28'] } });
  });

  it('recognizes a back-channel failure in the words of server SDKs, not other errors', () => {
    expect(looksLikeBackChannelFailure("Server-to-client requests are not available on protocol revision 2026-07-28: 'elicitation/create' cannot be sent")).toBe(true);
    expect(looksLikeBackChannelFailure('elicitation is not supported in stateless mode')).toBe(true);
    expect(looksLikeBackChannelFailure('File not found: /tmp/x')).toBe(false);
    expect(looksLikeBackChannelFailure('Elicitation declined by the user')).toBe(false);
  });

  it('adds the hint to an error and to a tool error result, and leaves successes alone', () => {
    const failed = withBackChannelHint(err('protocol_error', 'roots/list is not available on 2026-07-28'));
    expect(!failed.ok && failed.error.message.endsWith(backChannelHint)).toBe(true);
    const toolError = withBackChannelHint(ok({ content: [{ type: 'text', text: "Server-to-client requests are not available on protocol revision 2026-07-28: 'elicitation/create'" }], isError: true }));
    expect(toolError.ok && toolError.value.content.at(-1)).toEqual({ type: 'text', text: `[Switchboard] ${backChannelHint}` });
    const fine = ok({ content: [{ type: 'text' as const, text: 'elicitation not supported on 2026-07-28' }], isError: false });
    expect(withBackChannelHint(fine)).toBe(fine);
  });
});
