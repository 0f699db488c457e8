/** Sampling is offered to 2025-era servers only: the capability is withdrawn once a connection turns out to be 2026-07-28. */
import type { Client, ClientCapabilities } from '@modelcontextprotocol/client';

/**
 * Removes `sampling` from what the client declares from now on. The SDK fixes capabilities before connecting, yet the
 * era is only known after; on 2026-07-28 the capabilities travel in every request's `_meta`, read from this field, so
 * dropping it here stops declaring sampling to a modern server (where SEP-2577 deprecates it).
 */
export function withdrawSampling(client: Client): void {
  const holder = client as unknown as { _capabilities?: ClientCapabilities };
  if (!holder._capabilities?.sampling) return;
  const { sampling: _dropped, ...rest } = holder._capabilities;
  holder._capabilities = rest;
}
