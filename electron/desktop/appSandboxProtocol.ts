/** The desktop's MCP Apps sandbox: the proxy page on its own scheme (another origin than app://), nothing else. */
import type { Protocol } from 'electron';
import { appCsp, parseCspParam, sandboxProxyHtml } from '../host/apps/sandboxPage.ts';
import { APP_HOST, APP_SCHEME } from './appAssets.ts';

/** The scheme of the sandbox proxy page. */
export const APP_SANDBOX_SCHEME = 'switchboard-app-sandbox';
/** The proxy page's URL, given to the renderer through app.info. */
export const appSandboxUrl = `${APP_SANDBOX_SCHEME}://sandbox/app-sandbox`;
/** Its privileges: a standard, secure origin of its own (no fetch, no CORS, never bypassCSP). */
export const appSandboxPrivileges = { standard: true, secure: true } as const;

/** Answers only the proxy page, for the app:// window; any other path or parent is refused. */
export function serveAppSandbox(protocol: Protocol): void {
  const parent = `${APP_SCHEME}://${APP_HOST}`;
  protocol.handle(APP_SANDBOX_SCHEME, (request) => {
    const url = new URL(request.url);
    if (url.pathname !== '/app-sandbox' || url.searchParams.get('parent') !== parent) return new Response(null, { status: 404 });
    const csp = parseCspParam(url.searchParams.get('csp'));
    return new Response(sandboxProxyHtml(parent, csp), {
      status: 200,
      headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': appCsp(csp, [parent]), 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' },
    });
  });
}
