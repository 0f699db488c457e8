/** The main-process side of the bridge: refuses calls from foreign senders, then validates and dispatches via the contract. */
import { dispatchCall } from '../../shared/dispatch.ts';
import { err, type Result } from '../../shared/errors.ts';
import type { HostApi } from '../../shared/contract.ts';
import type { Logger } from '../host/environment.ts';
import { checkSender, type SenderInfo, type TrustedPage } from './senderCheck.ts';

/** Everything one IPC call carries, as plain data. */
export interface IpcCall {
  sender: SenderInfo;
  name: unknown;
  params: unknown;
}

/** Handles one call: foreign senders get `unauthorized`, bad payloads `invalid_params` naming the field, the rest reach the host. */
export async function handleIpcCall(api: HostApi, page: TrustedPage, call: IpcCall, logger?: Logger): Promise<Result<unknown>> {
  const verdict = checkSender(call.sender, page);
  if (!verdict.trusted) {
    // The reason goes to the log only: a foreign page learns nothing about why it was refused.
    logger?.warn('ipc: call refused', { reason: verdict.reason, call: typeof call.name === 'string' ? call.name : typeof call.name });
    return err('unauthorized', 'This call is only accepted from the Switchboard window.');
  }
  if (typeof call.name !== 'string') return err('unknown_method', 'The call name must be a string.');
  return dispatchCall(api, call.name, call.params);
}
