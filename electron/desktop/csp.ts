/** The Content-Security-Policy of the desktop renderer, sent as a header by the app:// protocol handler. */

/**
 * Only the app's own scripts run; nothing is fetched from the network (the renderer talks to the host over IPC only).
 * Images may be data:/blob: because tool results carry base64 images; remote images stay blocked so a model's
 * Markdown cannot leak chat content through an image URL. Inline styles are allowed for the UI library's
 * positioning styles; inline scripts and eval are not.
 */
export function contentSecurityPolicy(options: { devServerOrigin?: string } = {}): string {
  const dev = options.devServerOrigin;
  const directives: Record<string, string[]> = {
    'default-src': ["'none'"],
    'script-src': ["'self'", ...(dev ? [dev] : [])],
    'style-src': ["'self'", "'unsafe-inline'", ...(dev ? [dev] : [])],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    // A dev server needs its WebSocket for hot reload; the packaged app connects nowhere.
    'connect-src': ["'self'", ...(dev ? [dev, dev.replace(/^http/, 'ws')] : [])],
    'media-src': ["'self'", 'data:', 'blob:'],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    // Only MCP Apps' sandbox proxy (appSandboxProtocol.ts), an origin of its own.
    'frame-src': ['switchboard-app-sandbox:'],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}
