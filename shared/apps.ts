/** MCP Apps (extension `io.modelcontextprotocol/ui`): what a tool's `_meta.ui` says and what the renderer gets to show. */

/** The extension's id, declared in the client capabilities' `extensions`. */
export const appsExtensionId = 'io.modelcontextprotocol/ui';
/** The MIME type of an app's HTML resource. */
export const appMimeType = 'text/html;profile=mcp-app';

/** Who may call a tool: the model, the app, or both (the default). */
export type ToolVisibility = 'model' | 'app';

/** A tool's UI declaration, read from `_meta.ui` (or the legacy `_meta["ui/resourceUri"]`). */
export interface ToolUi {
  resourceUri: string;
  visibility: ToolVisibility[];
}

/** The network origins an app declared (each list maps to CSP directives; absent means none). */
export interface AppCsp {
  connectDomains?: string[];
  resourceDomains?: string[];
  frameDomains?: string[];
  baseUriDomains?: string[];
}

/** Browser features an app asked for (Permission Policy). */
export interface AppPermissions {
  camera?: boolean;
  microphone?: boolean;
  geolocation?: boolean;
  clipboardWrite?: boolean;
}

/** An app's HTML as the host fetched it, with what its resource declared. */
export interface AppResource {
  serverId: string;
  uri: string;
  html: string;
  csp?: AppCsp;
  permissions?: AppPermissions;
  prefersBorder?: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads a tool's `_meta` for its UI; undefined when it has none (or not a `ui://` URI). */
export function toolUiOf(meta: unknown): ToolUi | undefined {
  if (!isRecord(meta)) return undefined;
  const ui = isRecord(meta.ui) ? meta.ui : {};
  const uri = typeof ui.resourceUri === 'string' ? ui.resourceUri : typeof meta['ui/resourceUri'] === 'string' ? meta['ui/resourceUri'] : undefined;
  const visibility = Array.isArray(ui.visibility) ? ui.visibility.filter((v): v is ToolVisibility => v === 'model' || v === 'app') : [];
  if (uri === undefined || !uri.startsWith('ui://')) {
    // A tool with no UI can still be hidden from the model (an app-only helper of another tool's app).
    return visibility.length > 0 && !visibility.includes('model') ? { resourceUri: '', visibility } : undefined;
  }
  return { resourceUri: uri, visibility: visibility.length > 0 ? visibility : ['model', 'app'] };
}

/** True when only the app may call the tool: it is never offered to the model. */
export function isAppOnly(ui: ToolUi | undefined): boolean {
  return ui !== undefined && !ui.visibility.includes('model');
}

/** True when the tool has an app to show. */
export function hasAppView(ui: ToolUi | undefined): ui is ToolUi {
  return ui !== undefined && ui.resourceUri.startsWith('ui://');
}

const domainList = (value: unknown): string[] | undefined => {
  if (!Array.isArray(value)) return undefined;
  const list = value.filter((v): v is string => typeof v === 'string' && isCspSource(v));
  return list.length > 0 ? list : undefined;
};

/**
 * True for an origin a CSP source list may carry safely: a scheme and host (wildcard subdomains allowed), optional
 * port, no path, quotes, spaces or semicolons (which would let a server write its own directives).
 */
export function isCspSource(value: string): boolean {
  return /^(https?|wss?):\/\/(\*\.)?[a-zA-Z0-9.-]+(:\d{1,5})?$/.test(value);
}

/** Reads a resource content's `_meta.ui` (csp, permissions, prefersBorder), keeping only well-formed values. */
export function resourceUiOf(meta: unknown): Pick<AppResource, 'csp' | 'permissions' | 'prefersBorder'> {
  if (!isRecord(meta) || !isRecord(meta.ui)) return {};
  const ui = meta.ui;
  const out: Pick<AppResource, 'csp' | 'permissions' | 'prefersBorder'> = {};
  if (isRecord(ui.csp)) {
    const csp: AppCsp = {};
    for (const key of ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const) {
      const list = domainList(ui.csp[key]);
      if (list) csp[key] = list;
    }
    out.csp = csp;
  }
  if (isRecord(ui.permissions)) {
    const permissions: AppPermissions = {};
    for (const key of ['camera', 'microphone', 'geolocation', 'clipboardWrite'] as const) if (isRecord(ui.permissions[key])) permissions[key] = true;
    out.permissions = permissions;
  }
  if (typeof ui.prefersBorder === 'boolean') out.prefersBorder = ui.prefersBorder;
  return out;
}
