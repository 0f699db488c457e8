/**
 * The sandbox proxy page of MCP Apps, served from an origin of its own (web mode's second port, the desktop's custom
 * protocol). It loads the app's HTML into an inner `srcdoc` frame sandboxed without `allow-same-origin` (an opaque
 * origin: no cookies, storage or window of anyone) and relays JSON-RPC messages between that frame and the window.
 */
import { isCspSource, type AppCsp } from '../../../shared/apps.ts';

/** Reads the `csp` query parameter (the JSON of the app's declared domains), keeping only well-formed origins. */
export function parseCspParam(raw: string | null): AppCsp {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null) return {};
  const out: AppCsp = {};
  for (const key of ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const) {
    const list: unknown = Reflect.get(parsed, key);
    if (!Array.isArray(list)) continue;
    const valid = list.filter((v): v is string => typeof v === 'string' && isCspSource(v)).slice(0, 50);
    if (valid.length > 0) out[key] = valid;
  }
  return out;
}

/**
 * The policy of the proxy page and (inherited by its `srcdoc` frame, and repeated there as a meta tag) of the app: the
 * app's inline code runs, and it reaches exactly the origins it declared, nothing else.
 */
export function appCsp(csp: AppCsp, frameAncestors: string[]): string {
  const resources = csp.resourceDomains ?? [];
  const list = (items: string[]) => (items.length > 0 ? items.join(' ') : "'none'");
  const directives = [
    "default-src 'none'",
    `script-src 'unsafe-inline' ${resources.join(' ')}`.trim(),
    `style-src 'unsafe-inline' ${resources.join(' ')}`.trim(),
    `img-src data: blob: ${resources.join(' ')}`.trim(),
    `font-src data: ${resources.join(' ')}`.trim(),
    `media-src data: blob: ${resources.join(' ')}`.trim(),
    `connect-src ${list(csp.connectDomains ?? [])}`,
    `frame-src ${list(csp.frameDomains ?? [])}`,
    `base-uri ${list(csp.baseUriDomains ?? [])}`,
    "worker-src blob:",
    "object-src 'none'",
    "form-action 'none'",
  ];
  if (frameAncestors.length > 0) directives.push(`frame-ancestors ${frameAncestors.join(' ')}`);
  return directives.join('; ');
}

/** The meta tag form of the policy (frame-ancestors is not allowed in a meta tag). */
export function appCspMeta(csp: AppCsp): string {
  return appCsp(csp, []);
}

/** The proxy page for a window at `parentOrigin`; the app's policy is written into its script as data. */
export function sandboxProxyHtml(parentOrigin: string, csp: AppCsp): string {
  const config = JSON.stringify({ parentOrigin, cspMeta: appCspMeta(csp) }).replace(/</g, '\\u003c');
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>Switchboard app sandbox</title>
<style>html,body{margin:0;padding:0;height:100%;overflow:hidden;background:transparent}iframe{border:0;width:100%;height:100%;display:block}</style>
</head><body><script>
(() => {
  const config = ${config};
  let inner = null;
  const escapeAttr = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const withPolicy = (html) => {
    const meta = '<meta http-equiv="Content-Security-Policy" content="' + escapeAttr(config.cspMeta) + '">';
    const head = /<head(\\s[^>]*)?>/i.exec(html);
    if (head) return html.slice(0, head.index + head[0].length) + meta + html.slice(head.index + head[0].length);
    const doctype = /^\\s*<!doctype[^>]*>/i.exec(html);
    return doctype ? doctype[0] + meta + html.slice(doctype[0].length) : meta + html;
  };
  const allowOf = (permissions) => {
    const features = [];
    if (permissions && permissions.camera) features.push('camera');
    if (permissions && permissions.microphone) features.push('microphone');
    if (permissions && permissions.geolocation) features.push('geolocation');
    if (permissions && permissions.clipboardWrite) features.push('clipboard-write');
    return features.join('; ');
  };
  const load = (params) => {
    if (inner || !params || typeof params.html !== 'string') return;
    inner = document.createElement('iframe');
    // Never allow-same-origin: the app gets an opaque origin, whatever the window asks for.
    inner.setAttribute('sandbox', 'allow-scripts');
    const allow = allowOf(params.permissions);
    if (allow) inner.setAttribute('allow', allow);
    inner.setAttribute('title', 'app');
    inner.srcdoc = withPolicy(params.html);
    document.body.appendChild(inner);
  };
  window.addEventListener('message', (event) => {
    const data = event.data;
    if (event.source === window.parent) {
      if (event.origin !== config.parentOrigin) return;
      if (data && data.method === 'ui/notifications/sandbox-resource-ready') return load(data.params);
      if (inner && inner.contentWindow) inner.contentWindow.postMessage(data, '*');
      return;
    }
    if (inner && event.source === inner.contentWindow) window.parent.postMessage(data, config.parentOrigin);
  });
  window.parent.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} }, config.parentOrigin);
})();
</script></body></html>`;
}
