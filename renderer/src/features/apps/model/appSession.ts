/**
 * One app's bridge: an ext-apps AppBridge talking over postMessage to the sandbox proxy frame. Every request the app
 * makes is answered by the window's handlers (which go through the host), never by the app's own server directly.
 */
import { AppBridge, PostMessageTransport, type McpUiDisplayMode, type McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { CallToolResult, ReadResourceResult } from '@modelcontextprotocol/client';
import type { AppResource } from '../../../../../shared/apps.ts';
import type { Result } from '../../../../../shared/errors.ts';
import type { ResourceContents, ToolResult } from '../../../../../shared/servers.ts';
import { modelContextText } from './modelContext.ts';

/** What the window does for an app. */
export interface AppSessionHandlers {
  initialized(): void;
  sizeChanged(height: number | undefined): void;
  /** Answers the mode actually taken. */
  displayMode(mode: McpUiDisplayMode): McpUiDisplayMode;
  teardownRequested(): void;
  /** Asks the user; true when the link was opened. */
  openLink(url: string): Promise<boolean>;
  /** Adds the app's message to the conversation as the user's; true when sent. */
  message(text: string): Promise<boolean>;
  /** Replaces the app's context for the model (added, visibly, to the user's next message); empty text clears it. */
  modelContext(text: string): Promise<Result<null>>;
  callTool(name: string, args: Record<string, unknown>): Promise<Result<ToolResult>>;
  readResource(uri: string): Promise<Result<ResourceContents[]>>;
}

/** The MCP tool result shape of a stored tool result. */
export function toCallToolResult(result: ToolResult): CallToolResult {
  const content: CallToolResult['content'] = result.content.map((block) => {
    if (block.type !== 'resource') return block;
    const { uri, mimeType, blob, text } = block.resource;
    const mime = mimeType !== undefined ? { mimeType } : {};
    return { type: 'resource', resource: blob !== undefined ? { uri, blob, ...mime } : { uri, text: text ?? '', ...mime } };
  });
  return { content, isError: result.isError, ...(result.structuredContent !== undefined ? { structuredContent: result.structuredContent } : {}) };
}

function toReadResult(contents: ResourceContents[]): ReadResourceResult {
  return {
    contents: contents.map((c) =>
      c.blob !== undefined
        ? { uri: c.uri, blob: c.blob, ...(c.mimeType ? { mimeType: c.mimeType } : {}), ...(c.meta ? { _meta: c.meta } : {}) }
        : { uri: c.uri, text: c.text ?? '', ...(c.mimeType ? { mimeType: c.mimeType } : {}), ...(c.meta ? { _meta: c.meta } : {}) },
    ),
  };
}

/** Connects a bridge to the proxy frame (before its page loads, so its ready message is heard) and hands it the app. */
export async function startAppSession(frame: Window, resource: AppResource, context: McpUiHostContext, handlers: AppSessionHandlers, version: string): Promise<AppBridge> {
  const bridge = new AppBridge(
    null,
    { name: 'Switchboard', version },
    { openLinks: {}, serverTools: {}, serverResources: {}, logging: {}, message: { text: {} }, updateModelContext: { text: {}, structuredContent: {} }, sandbox: { ...(resource.csp ? { csp: resource.csp } : {}) } },
    { hostContext: context },
  );
  bridge.onsandboxready = () => {
    void bridge.sendSandboxResourceReady({ html: resource.html, ...(resource.csp ? { csp: resource.csp } : {}), ...(resource.permissions ? { permissions: permissionsOf(resource) } : {}) });
  };
  bridge.oninitialized = () => handlers.initialized();
  bridge.onsizechange = ({ height }) => handlers.sizeChanged(height);
  bridge.onrequestteardown = () => handlers.teardownRequested();
  bridge.onrequestdisplaymode = ({ mode }) => Promise.resolve({ mode: handlers.displayMode(mode) });
  bridge.onopenlink = async ({ url }) => ((await handlers.openLink(url)) ? {} : { isError: true });
  bridge.onmessage = async ({ content }) => {
    const text = content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n').trim();
    return text !== '' && (await handlers.message(text)) ? {} : { isError: true };
  };
  bridge.onupdatemodelcontext = async (params) => {
    const shared = modelContextText(params);
    const result = shared.ok ? await handlers.modelContext(shared.text) : { ok: false as const, error: { message: shared.message } };
    // A refusal reaches the app as the request's error, so it knows its context was not kept.
    if (!result.ok) throw new Error(result.error.message);
    return {};
  };
  bridge.oncalltool = async ({ name, arguments: args }) => {
    const result = await handlers.callTool(name, args ?? {});
    return result.ok ? toCallToolResult(result.value) : { content: [{ type: 'text', text: result.error.message }], isError: true };
  };
  bridge.onreadresource = async ({ uri }) => {
    const result = await handlers.readResource(uri);
    if (!result.ok) throw new Error(result.error.message);
    return toReadResult(result.value);
  };
  bridge.onloggingmessage = () => {};
  await bridge.connect(new PostMessageTransport(frame, frame));
  return bridge;
}

function permissionsOf(resource: AppResource): Record<string, object> {
  const out: Record<string, object> = {};
  for (const [key, on] of Object.entries(resource.permissions ?? {})) if (on) out[key] = {};
  return out;
}
