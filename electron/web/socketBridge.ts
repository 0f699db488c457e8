/** The WebSocket side of the bridge: `{ id, call, params }` in, `{ id, result }` out, host events pushed as `{ event, payload }`. */
import type { RawData, WebSocket } from 'ws';
import { dispatchCall } from '../../shared/dispatch.ts';
import { err } from '../../shared/errors.ts';
import type { HostApi } from '../../shared/contract.ts';
import type { HostEventHub } from '../host/events.ts';
import type { Logger } from '../host/environment.ts';

/** One call message as the renderer sends it. */
interface CallMessage {
  id: string | number;
  call: string;
  params?: unknown;
}

/** Text of one socket frame, whatever buffer shape ws delivered it in. */
export function frameText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data instanceof ArrayBuffer ? new Uint8Array(data) : data).toString('utf8');
}

function parseCall(raw: string): CallMessage | { id?: string | number; problem: string } {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return { problem: 'Message is not JSON' };
  }
  if (!data || typeof data !== 'object') return { problem: 'Message is not an object' };
  const record = data as Record<string, unknown>;
  const id = typeof record.id === 'string' || typeof record.id === 'number' ? record.id : undefined;
  if (id === undefined) return { problem: 'Message has no id' };
  if (typeof record.call !== 'string') return { id, problem: 'Message has no call name' };
  return { id, call: record.call, params: record.params };
}

/**
 * Serves one connected socket: dispatches its calls to the host API and forwards every host event to it.
 * Calls run concurrently; each answer carries the id it answers. Returns a function that detaches the socket.
 */
export function attachSocket(socket: WebSocket, api: HostApi, events: HostEventHub, logger: Logger): () => void {
  const send = (message: unknown) => {
    if (socket.readyState !== socket.OPEN) return;
    socket.send(JSON.stringify(message));
  };

  const unsubscribe = events.subscribe((event, payload) => send({ event, payload }));

  socket.on('message', (data, isBinary) => {
    if (isBinary) return;
    const message = parseCall(frameText(data));
    if ('problem' in message) {
      if (message.id !== undefined) send({ id: message.id, result: err('invalid_params', message.problem) });
      else logger.warn('web: ignored a malformed message', { problem: message.problem });
      return;
    }
    void dispatchCall(api, message.call, message.params).then(
      (result) => send({ id: message.id, result }),
      // dispatchCall never rejects; this only guards a broken send.
      (cause: unknown) => logger.error('web: call failed to answer', { call: message.call, cause: String(cause) }),
    );
  });

  const detach = () => unsubscribe();
  socket.on('close', detach);
  socket.on('error', detach);
  return detach;
}
