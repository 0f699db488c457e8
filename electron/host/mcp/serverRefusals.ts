/** Refusals of calls about one server (none by that name, invalid), as host messages the window translates. */
import { hostErr, type Result } from '../../../shared/errors.ts';
import { englishOf, hostMessage, type HostMessage } from '../../../shared/hostMessages.ts';

/** No server by that name. */
export const noServer = (serverId: string): Result<never> => hostErr('not_found', hostMessage('entry.noServer', { name: serverId }));

/** No server by that name with a valid entry. */
export const noValidServer = (serverId: string): Result<never> => hostErr('not_found', hostMessage('servers.noValidServer', { server: serverId }));

/**
 * An invalid entry's refusal. The English names the server and its problem (logs); the window shows the entry's own
 * problem as its card does (a code it translates), since an English reason cannot go inside a translated sentence.
 */
export function invalidServer(serverId: string, invalid: { message: string; text?: HostMessage | undefined }, wording: 'servers.notValid' | 'servers.invalidConfig'): Result<never> {
  const whole = hostMessage(wording, { server: serverId, reason: invalid.message });
  return { ok: false, error: { code: 'invalid_config', message: englishOf(whole), text: invalid.text ?? whole } };
}
