/**
 * The per-server protocol choice (`protocol` in servers.json): 'auto' probes the era (and caches the verdict); a pin
 * skips the probe and the cache and speaks only that revision. Also the hint for servers that need the 2025
 * back-channel (server-to-client requests), which the 2026-07-28 revision does not have.
 */
import type { PriorDiscovery, VersionNegotiationOptions } from '@modelcontextprotocol/client';
import type { ToolResult } from '../../../../shared/servers.ts';
import type { ProtocolChoice } from '../../../../shared/serverConfig.ts';
import type { Result } from '../../../../shared/errors.ts';

/** The SDK's negotiation options for a choice; `probeTimeoutMs` only matters for 'auto' on stdio. */
export function negotiationFor(choice: ProtocolChoice, stdioProbeTimeoutMs: number | undefined): VersionNegotiationOptions {
  if (choice === '2026-07-28') return { mode: { pin: '2026-07-28' } };
  // The SDK's legacy mode is the plain 2025 `initialize` handshake (it offers its newest 2025 revision, 2025-11-25).
  if (choice === '2025-11-25') return { mode: 'legacy' };
  return { mode: 'auto', ...(stdioProbeTimeoutMs !== undefined ? { probe: { timeoutMs: stdioProbeTimeoutMs } } : {}) };
}

/**
 * The verdict a pin stands for. A modern pin is adopted without a round trip (the SDK would otherwise send its
 * `server/discover` from a sibling process on stdio); the opener then sends one discover on the live connection, which
 * fills in the real capabilities and fails loudly on a server that does not speak 2026-07-28.
 */
export function pinnedPrior(choice: Exclude<ProtocolChoice, 'auto'>): PriorDiscovery {
  // The SDK keeps these stand-in capabilities after that discover and answers its list calls with empty lists for any
  // kind missing here; so all three are present, and the host decides from the live discover which lists to read.
  return choice === '2026-07-28' ? { kind: 'modern', discover: { supportedVersions: ['2026-07-28'], capabilities: { tools: {}, prompts: {}, resources: {} } } } : { kind: 'legacy' };
}

/** What the user is told when a server seems to need the back-channel that 2026-07-28 removed. */
export const backChannelHint =
  'This server tried to ask the client something mid-call (a server-to-client request such as ctx.elicit, sampling or roots), which protocol 2026-07-28 does not allow. Pinning this server to protocol 2025-11-25 (server settings → Protocol) may help.';

// Server SDKs word it differently; the TypeScript SDK says "Server-to-client requests are not available on protocol
// revision 2026-07-28: 'elicitation/create' cannot be sent…". A method name near an era word is the common signal.
const backChannelMethod = /elicitation\/create|sampling\/createMessage|roots\/list|\belicit|createMessage|list_roots|server-to-client|server→client|back-?channel/i;
const eraWord = /2026-07-28|not available|not supported|unsupported|stateless|no (?:server-to-client|back-?channel)/i;

/** True when an error text reads like a server failing to use the 2025 back-channel on a 2026-07-28 connection. */
export function looksLikeBackChannelFailure(text: string): boolean {
  return backChannelMethod.test(text) && eraWord.test(text);
}

/** Adds the pinning hint to a failed call (error message) or a tool error result (an extra text block). */
export function withBackChannelHint(result: Result<ToolResult>): Result<ToolResult> {
  if (!result.ok) {
    return looksLikeBackChannelFailure(result.error.message) || looksLikeBackChannelFailure(result.error.detail ?? '')
      ? { ok: false, error: { ...result.error, message: `${result.error.message} ${backChannelHint}` } }
      : result;
  }
  if (!result.value.isError) return result;
  const text = result.value.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
  if (!looksLikeBackChannelFailure(text)) return result;
  return { ok: true, value: { ...result.value, content: [...result.value.content, { type: 'text', text: `[Switchboard] ${backChannelHint}` }] } };
}
