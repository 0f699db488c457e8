/** Serves the built renderer on app://switchboard with the CSP header: a real origin for sender checks, unlike file://. */
import { readFile } from 'node:fs/promises';
import type { Protocol } from 'electron';
import type { Logger } from '../host/environment.ts';
import { APP_SCHEME, resolveAppFile } from './appAssets.ts';
import { contentSecurityPolicy } from './csp.ts';
import { APP_SANDBOX_SCHEME, appSandboxPrivileges } from './appSandboxProtocol.ts';

/** The privileges of app://: a standard, secure origin whose ES module scripts (Vite's output) load; never bypassCSP. */
export const appSchemePrivileges = { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, codeCache: true } as const;

/** Declares app:// as a privileged scheme; must run before the app is ready. */
export function registerAppScheme(protocol: Protocol): void {
  // corsEnabled because Vite marks module scripts `crossorigin`; the scheme serves only the public renderer bundle.
  // MCP Apps' sandbox proxy gets an origin of its own (appSandboxProtocol.ts); one call declares every scheme.
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { ...appSchemePrivileges } },
    { scheme: APP_SANDBOX_SCHEME, privileges: { ...appSandboxPrivileges } },
  ]);
}

/** Answers app:// requests from `rendererDir` (plain folder or inside the asar), each with the CSP and no-sniff headers. */
export function serveRenderer(protocol: Protocol, rendererDir: string, logger: Logger): void {
  const csp = contentSecurityPolicy();
  protocol.handle(APP_SCHEME, async (request) => {
    const lookup = resolveAppFile(rendererDir, request.url);
    if (!lookup.ok) {
      logger.warn('app protocol: request refused', { url: request.url, status: lookup.status });
      return new Response(null, { status: lookup.status });
    }
    try {
      const body = await readFile(lookup.path);
      return new Response(body, {
        status: 200,
        headers: { 'Content-Type': lookup.mimeType, 'Content-Security-Policy': csp, 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-cache' },
      });
    } catch {
      return new Response(null, { status: 404 });
    }
  });
}
