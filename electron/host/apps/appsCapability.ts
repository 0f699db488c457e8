/** What the host declares for MCP Apps, per server: the extension unless the user turned Apps off for it. */
import { appMimeType, appsExtensionId } from '../../../shared/apps.ts';
import type { ServerConfig } from '../../../shared/serverConfig.ts';
import type { ServerTool } from '../mcp/types.ts';

/** The `extensions` part of the client capabilities (both protocol eras carry it); nothing when Apps are off. */
export function appsCapability(config: ServerConfig): { extensions?: Record<string, { mimeTypes: string[] }> } {
  if (config.apps === false) return {};
  return { extensions: { [appsExtensionId]: { mimeTypes: [appMimeType] } } };
}

/** With Apps off the tool keeps its visibility (an app-only tool stays hidden from the model) but shows no app. */
export function withoutApp(tool: ServerTool, config: ServerConfig | undefined): ServerTool {
  if (config?.apps !== false || !tool.ui?.resourceUri) return tool;
  return { ...tool, ui: { ...tool.ui, resourceUri: '' } };
}
