/** Tells when a 2025-era Streamable HTTP server has forgotten our session: it answers 404 to a request that carries the session id. */
import type { FetchLike } from '@modelcontextprotocol/client';

/**
 * A fetch for the HTTP transport that calls `onSessionNotFound` on a 404 to any request carrying `Mcp-Session-Id` (POST,
 * the GET event stream, DELETE). The spec says the client MUST then start a new session with `initialize`; the SDK only
 * throws, so the connection is told here and renews itself.
 */
export function sessionAwareFetch(onSessionNotFound: () => void, base: FetchLike = fetch): FetchLike {
  return async (url, init) => {
    const response = await base(url, init);
    if ((response.status === 404 || response.status === 400) && new Headers(init?.headers).has('mcp-session-id')) {
      if (response.status === 404 || (await saysSessionUnknown(response))) onSessionNotFound();
    }
    return response;
  };
}

/**
 * Some servers (server-everything among them) answer a forgotten session with 400 "No valid session ID provided"
 * instead of the 404 the spec asks for; a 400 whose body says the session is unknown is treated the same.
 */
async function saysSessionUnknown(response: Response): Promise<boolean> {
  const text = await response
    .clone()
    .text()
    .catch(() => '');
  return /session/i.test(text) && /(not found|no valid|invalid|unknown|expired)/i.test(text);
}
