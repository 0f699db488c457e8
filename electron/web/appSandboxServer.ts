/** Web mode's second loopback port: it serves only the MCP Apps sandbox proxy page, so apps never share the window's origin. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Logger } from '../host/environment.ts';
import { appCsp, parseCspParam, sandboxProxyHtml } from '../host/apps/sandboxPage.ts';

/** The path of the proxy page. */
export const sandboxProxyPath = '/app-sandbox';

/** A listening sandbox server. */
export interface AppSandboxServer {
  /** The proxy page's URL (without query). */
  url: string;
  port: number;
  /** The window origins allowed to frame the proxy (web mode's own origin, once its port is known). */
  allowParents(origins: string[]): void;
  close(): Promise<void>;
}

/** Starts the sandbox server on 127.0.0.1 (a random port by default). */
export async function startAppSandboxServer(options: { logger: Logger; port?: number }): Promise<AppSandboxServer> {
  let parents: string[] = [];
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const base = { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'no-store' };
    let url: URL;
    try {
      url = new URL(request.url ?? '/', 'http://127.0.0.1');
    } catch {
      response.writeHead(400, base).end();
      return;
    }
    if ((request.method !== 'GET' && request.method !== 'HEAD') || url.pathname !== sandboxProxyPath) {
      response.writeHead(404, { ...base, 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const parent = url.searchParams.get('parent') ?? '';
    if (!parents.includes(parent)) {
      response.writeHead(403, { ...base, 'Content-Type': 'text/plain; charset=utf-8' }).end('Not allowed');
      return;
    }
    const csp = parseCspParam(url.searchParams.get('csp'));
    response.writeHead(200, { ...base, 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': appCsp(csp, parents) });
    response.end(request.method === 'HEAD' ? undefined : sandboxProxyHtml(parent, csp));
  };
  const server = createServer((request, response) => {
    try {
      handle(request, response);
    } catch (cause) {
      options.logger.error('web: app sandbox request failed', { cause: String(cause) });
      if (!response.headersSent) response.writeHead(500).end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}${sandboxProxyPath}`,
    port,
    allowParents: (origins) => {
      parents = origins;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
