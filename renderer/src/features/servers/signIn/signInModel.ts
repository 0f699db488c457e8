/** Which servers sign in with OAuth and may sign out, decided from what the window knows: config and status. */
import { isHttpConfig, type ServerConfig } from '../../../../../shared/serverConfig.ts';
import type { ServerView } from '../../../../../shared/servers.ts';

/** True when a remote server sends its own Authorization header: the host runs no OAuth for it, so there is nothing to sign in to. */
export function sendsOwnAuthorization(config: ServerConfig): boolean {
  return isHttpConfig(config) && Object.keys(config.headers ?? {}).some((name) => name.toLowerCase() === 'authorization');
}

/**
 * True when the server's menu offers Sign out. The window is not told whether tokens are stored (they never leave the
 * host), so every remote OAuth server that is connected or asking to sign in offers it; signing out without tokens is
 * harmless.
 */
export function canSignOut(server: ServerView): boolean {
  if (!isHttpConfig(server.config) || sendsOwnAuthorization(server.config) || server.config.enabled === false) return false;
  return server.status.state === 'ready' || server.status.state === 'auth_required';
}

/** The host's line about a sign-in, unless it only repeats "Sign in required" (the panel already says so). */
export function extraStatusLine(message: string): string | undefined {
  const bare = message.trim().replace(/[.!]+$/, '').toLowerCase();
  return bare === '' || bare === 'sign in required' ? undefined : message;
}
