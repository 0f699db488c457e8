/**
 * The HTTP counterpart of the stdio message limit: an answer to one request (a POST: a tool result, a list) may be at
 * most this many bytes, counted as it streams, so a server cannot make the host hold gigabytes. The long-lived GET
 * event stream is not counted (it is many small messages over hours).
 */
import type { FetchLike } from '@modelcontextprotocol/client';

/** The largest answer to one HTTP request (bytes); the same limit as one stdio message. */
export const maxHttpResponseBytes = 128 * 1024 * 1024;

const tooBig = (maxBytes: number) => new Error(`The server's answer is larger than ${Math.round(maxBytes / 1024 / 1024)} MB; Switchboard stopped reading it.`);

/** Wraps `base` so the body of an answer to a POST errors once it passes `maxBytes`. */
export function limitedFetch(maxBytes: number, base: FetchLike = fetch): FetchLike {
  return async (input, init) => {
    const response = await base(input, init);
    if ((init?.method ?? 'GET').toUpperCase() !== 'POST' || !response.body) return response;
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (Number.isFinite(declared) && declared > maxBytes) {
      await response.body.cancel().catch(() => {});
      throw tooBig(maxBytes);
    }
    let seen = 0;
    const counted = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen += chunk.byteLength;
          if (seen > maxBytes) controller.error(tooBig(maxBytes));
          else controller.enqueue(chunk);
        },
      }),
    );
    return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
