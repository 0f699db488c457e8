/** Wires the host core to Electron IPC: one invoke channel (sender-checked, validated) and one event channel. */
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { appErrorSchema, type AppError, type Result } from '../../shared/errors.ts';
import type { EventName, HostEvents } from '../../shared/contract.ts';
import type { Host } from '../host/createHost.ts';
import type { Logger } from '../host/environment.ts';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from './ipcChannels.ts';
import { handleIpcCall } from './ipcDispatcher.ts';
import type { SenderInfo, TrustedPage } from './senderCheck.ts';

/** Reads the plain facts the sender check needs from an IPC event. */
export function senderInfo(event: IpcMainInvokeEvent): SenderInfo {
  const frame = event.senderFrame;
  const main = event.sender.mainFrame;
  const isTopFrame = frame !== null && frame.parent === null && frame.processId === main.processId && frame.routingId === main.routingId;
  return { webContentsId: event.sender.id, frameUrl: frame?.url, isTopFrame };
}

/** Sends one host event to a window, if it still exists. */
export function sendHostEvent<E extends EventName>(contents: WebContents | undefined, event: E, payload: HostEvents[E]): void {
  if (contents && !contents.isDestroyed()) contents.send(EVENT_CHANNEL, event, payload);
}

/**
 * Registers the invoke handler at once (the page may call before the host is built) and answers every call from the
 * host once it is ready; a host that failed to start answers each call with that failure instead of throwing.
 */
export function bridgeHostToIpc(options: {
  ipcMain: IpcMain;
  host: Promise<Host>;
  page: TrustedPage;
  contents: () => WebContents | undefined;
  logger: Logger;
}): void {
  const { ipcMain, page, logger } = options;
  let startFailure: AppError | undefined;
  const ready: Promise<Host | undefined> = options.host.then(
    (host) => {
      host.events.subscribe((event, payload) => sendHostEvent(options.contents(), event, payload));
      return host;
    },
    (cause: unknown) => {
      // A refusal the host explains itself (data folder in use, history that cannot be opened) keeps its code.
      const own = appErrorSchema.safeParse((cause as { appError?: unknown } | undefined)?.appError);
      const message = cause instanceof Error ? cause.message : String(cause);
      startFailure = own.success ? own.data : { code: 'internal', message: `Switchboard's host failed to start: ${message}` };
      logger.error('host: failed to start', { cause: message });
      return undefined;
    },
  );
  ipcMain.handle(INVOKE_CHANNEL, async (event, name: unknown, params: unknown): Promise<Result<unknown>> => {
    const host = await ready;
    if (!host) return { ok: false, error: startFailure ?? { code: 'internal', message: "Switchboard's host failed to start: unknown error" } };
    return handleIpcCall(host.api, page, { sender: senderInfo(event), name, params }, logger);
  });
}
