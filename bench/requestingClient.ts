/** Finds the SDK client an operation sends its requests through (how the call benches reach the host's own client). */
import { Client } from '@modelcontextprotocol/client';

/** Runs `call` with `Client.prototype.request` watched, and answers its result and the first client that sent a request. */
export async function withRequestingClient<T>(call: () => Promise<T>): Promise<{ result: T; client: Client | undefined }> {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- kept only to be put back; always called with its own `this`
  const original = Client.prototype.request;
  let client: Client | undefined;
  Client.prototype.request = new Proxy(original, {
    apply: (target, self: Client, rest: Parameters<typeof original>) => {
      client ??= self;
      return Reflect.apply<Client, Parameters<typeof original>, ReturnType<typeof original>>(target, self, rest);
    },
  });
  try {
    return { result: await call(), client };
  } finally {
    // Restored at once: only this one operation is watched.
    Client.prototype.request = original;
  }
}
