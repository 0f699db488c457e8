/**
 * OAuth for every configured remote server: hands the connection manager one provider per server (the
 * `authProvider` seam), runs the sign-ins the user starts (one at a time per server), and signs out. After a
 * sign-in or sign-out the server is reconnected, so the app never needs a restart.
 */
import type { FetchLike, OAuthClientProvider } from '@modelcontextprotocol/client';
import { hostErr, ok, type AppError, type Result } from '../../../shared/errors.ts';
import { isHttpConfig, type HttpServerConfig, type ServerConfig } from '../../../shared/serverConfig.ts';
import type { Logger, SecretStore } from '../environment.ts';
import { signInErrorToAppError } from './errors.ts';
import { englishOf, hostMessage, type HostMessage } from '../../../shared/hostMessages.ts';
import { OAuthStore } from './oauthStore.ts';
import { ServerOAuthProvider } from './serverOAuthProvider.ts';
import { startSignIn, type StartedSignIn } from './signInFlow.ts';
import { revokeTokens } from './tokenLifecycle.ts';

/** What the auth service needs from the host. */
export interface AuthServiceDeps {
  secrets: SecretStore;
  logger: Logger;
  /** A server's current configuration (undefined when no such server). */
  serverConfig(serverId: string): ServerConfig | undefined;
  /** Reconnects a server, e.g. the manager's restart. */
  restartServer(serverId: string): Promise<unknown>;
  /** The app's client ID metadata document URL (settings), read when a server's provider is built; '' or undefined = none. */
  clientMetadataUrl?: () => string | undefined;
  /** How long a sign-in waits for the browser (default 5 minutes). */
  signInTimeoutMs?: number;
  fetchFn?: FetchLike;
  /** Told when a started sign-in ends without tokens (declined, refused, timed out). */
  onSignInFailed?(serverId: string, error: AppError): void;
  /** Told when a sign-in stored tokens (before the server is reconnected). */
  onSignedIn?(serverId: string): void;
}

/** A server's "Sign in required" line: English for logs, and as codes plus parameters for the window. */
export interface AuthStatusLine {
  message: string;
  text: HostMessage;
  failureText?: HostMessage;
}

/** The OAuth side of the host. */
export interface AuthService {
  /** The provider for a remote server's transport; undefined for stdio servers and servers that send their own Authorization header. */
  providerFor(serverId: string): OAuthClientProvider | undefined;
  /** Starts a sign-in and returns the URL to open, or null when the server already has a usable token (it is reconnected). */
  signIn(serverId: string): Promise<Result<{ authorizationUrl: string } | null>>;
  /** Revokes (best effort) and forgets the server's tokens, then reconnects it (it will ask to sign in again). */
  signOut(serverId: string): Promise<Result<null>>;
  /** Settles when the server's latest sign-in ends (ok once the server was reconnected); undefined when none was started. */
  whenSignInDone(serverId: string): Promise<Result<null>> | undefined;
  /** The line to show with a server's "Sign in required" status (naming why the last sign-in failed, if it did). */
  statusMessage(serverId: string): string;
  /** The same line as codes the renderer translates: "Sign in required" (with the scope asked for) and the last failure. */
  statusLine(serverId: string): AuthStatusLine;
  /** Forgets everything stored for a removed server. */
  forget(serverId: string): Promise<void>;
  /** Cancels every running sign-in (app shutdown). */
  shutdown(): void;
}

function sendsOwnAuthorization(config: HttpServerConfig): boolean {
  return Object.keys(config.headers ?? {}).some((name) => name.toLowerCase() === 'authorization');
}

/** Builds the auth service. */
export function createAuthService(deps: AuthServiceDeps): AuthService {
  const store = new OAuthStore(deps.secrets);
  const providers = new Map<string, { key: string; provider: ServerOAuthProvider }>();
  const running = new Map<string, { started: StartedSignIn; done: Promise<Result<null>> }>();
  // The outcome of each server's latest sign-in, kept after it ended: a fast failure must still be reported.
  const outcomes = new Map<string, Promise<Result<null>>>();
  // Why each server's latest sign-in failed (declined, refused, timed out), shown with "Sign in required" until the next one.
  const failures = new Map<string, AppError>();

  function remoteConfig(serverId: string): HttpServerConfig | undefined {
    const config = deps.serverConfig(serverId);
    return config && isHttpConfig(config) && !sendsOwnAuthorization(config) ? config : undefined;
  }

  function provider(serverId: string): ServerOAuthProvider | undefined {
    const config = remoteConfig(serverId);
    if (!config) return undefined;
    // A server's own CIMD URL overrides the app's; an empty app setting means none (dynamic registration).
    const clientMetadataUrl = config.oauth?.clientMetadataUrl ?? (deps.clientMetadataUrl?.() || undefined);
    // A new URL or new OAuth settings get a new provider: tokens are bound to the URL they were issued for.
    const key = JSON.stringify([config.url, config.oauth ?? null, clientMetadataUrl ?? null]);
    const existing = providers.get(serverId);
    if (existing?.key === key) return existing.provider;
    running.get(serverId)?.started.cancel();
    const created = new ServerOAuthProvider({
      serverId,
      serverUrl: config.url,
      ...(config.oauth ? { oauth: config.oauth } : {}),
      store,
      logger: deps.logger,
      ...(clientMetadataUrl ? { clientMetadataUrl } : {}),
      ...(deps.fetchFn ? { fetchFn: deps.fetchFn } : {}),
    });
    providers.set(serverId, { key, provider: created });
    return created;
  }

  function notRemote(serverId: string): Result<never> {
    const config = deps.serverConfig(serverId);
    if (!config) return hostErr('not_found', hostMessage('signIn.noServer', { server: serverId }));
    if (!isHttpConfig(config)) return hostErr('invalid_params', hostMessage('signIn.remoteOnly'));
    return hostErr('invalid_config', hostMessage('signIn.ownHeader'), { field: 'config.headers' });
  }

  async function restart(serverId: string): Promise<void> {
    try {
      await deps.restartServer(serverId);
    } catch (cause) {
      deps.logger.warn('Reconnecting after OAuth change failed', { serverId, error: cause instanceof Error ? cause.message : String(cause) });
    }
  }

  const statusLine = (serverId: string): AuthStatusLine => {
    const scope = providers.get(serverId)?.provider.pendingScope;
    const text = scope ? hostMessage('auth.requiredScope', { scope }) : hostMessage('auth.required');
    const failure = failures.get(serverId);
    if (!failure) return { message: englishOf(text), text };
    const message = `${englishOf(text)}. ${englishOf(hostMessage('auth.lastFailed'))} ${failure.message}`;
    return { message, text, ...(failure.text ? { failureText: failure.text } : {}) };
  };
  return {
    providerFor: provider,

    async signIn(serverId) {
      const current = provider(serverId);
      if (!current) return notRemote(serverId);
      const inFlight = running.get(serverId);
      if (inFlight) return ok({ authorizationUrl: inFlight.started.authorizationUrl.href });
      if (await current.isSignedIn()) {
        await restart(serverId);
        return ok(null);
      }
      failures.delete(serverId);
      let started: StartedSignIn;
      try {
        const callbackPort = remoteConfig(serverId)?.oauth?.callbackPort;
        started = await startSignIn({
          provider: current,
          ...(callbackPort !== undefined ? { callbackPort } : {}),
          ...(deps.signInTimeoutMs ? { timeoutMs: deps.signInTimeoutMs } : {}),
          ...(deps.fetchFn ? { fetchFn: deps.fetchFn } : {}),
        });
      } catch (error) {
        deps.logger.warn('OAuth sign-in could not start', { serverId, error: error instanceof Error ? error.name : 'unknown' });
        return { ok: false, error: signInErrorToAppError(error) };
      }
      const done = started.completion.then(
        async (): Promise<Result<null>> => {
          running.delete(serverId);
          failures.delete(serverId);
          deps.logger.info('OAuth sign-in completed', { serverId });
          deps.onSignedIn?.(serverId);
          await restart(serverId);
          return ok(null);
        },
        (error: unknown): Result<null> => {
          running.delete(serverId);
          const appErr = signInErrorToAppError(error);
          deps.logger.warn('OAuth sign-in failed', { serverId, code: appErr.code, message: appErr.message });
          // A sign-in the app itself ended (sign-out, removal, shutdown) is no news to the user.
          if (appErr.code !== 'cancelled') failures.set(serverId, appErr);
          deps.onSignInFailed?.(serverId, appErr);
          return { ok: false, error: appErr };
        },
      );
      running.set(serverId, { started, done });
      outcomes.set(serverId, done);
      return ok({ authorizationUrl: started.authorizationUrl.href });
    },

    async signOut(serverId) {
      running.get(serverId)?.started.cancel();
      failures.delete(serverId);
      const current = provider(serverId);
      if (!current) {
        if (!deps.serverConfig(serverId)) return hostErr('not_found', hostMessage('signIn.noServer', { server: serverId }));
        await store.deleteTokens(serverId);
        return ok(null);
      }
      try {
        const { record, discovery, issuer } = await current.currentState();
        if (record) {
          const clientInformation = issuer ? await current.clientInformation({ issuer }).catch(() => undefined) : undefined;
          await revokeTokens({
            metadata: discovery?.authorizationServerMetadata,
            clientInformation,
            tokens: record.tokens,
            ...(deps.fetchFn ? { fetchFn: deps.fetchFn } : {}),
          });
        }
        await current.forgetTokens();
      } catch (cause) {
        return hostErr('storage_error', hostMessage('signIn.forgetFailed', { reason: cause instanceof Error ? cause.message : String(cause) }));
      }
      deps.logger.info('OAuth signed out', { serverId });
      await restart(serverId);
      return ok(null);
    },

    whenSignInDone: (serverId) => outcomes.get(serverId),

    statusMessage: (serverId) => statusLine(serverId).message,
    statusLine,

    async forget(serverId) {
      running.get(serverId)?.started.cancel();
      providers.delete(serverId);
      outcomes.delete(serverId);
      failures.delete(serverId);
      await store.forgetServer(serverId);
    },

    shutdown() {
      for (const { started } of running.values()) started.cancel();
    },
  };
}

