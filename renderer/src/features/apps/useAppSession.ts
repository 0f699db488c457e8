/** Runs one app's session for a tool card: connects the bridge, delivers input, result and cancellation, follows theme and size. */
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { AppBridge, McpUiDisplayMode } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { AppResource } from '../../../../shared/apps.ts';
import type { ToolCallBlock } from '../../../../shared/chat.ts';
import { currentTheme, hostContextFor } from './model/hostContext.ts';
import { parsePartialObject } from './model/partialJson.ts';
import { startAppSession, toCallToolResult, type AppSessionHandlers } from './model/appSession.ts';

/** What the card passes in. */
export interface AppSessionOptions {
  frameRef: RefObject<HTMLIFrameElement | null>;
  /** The proxy page URL; set on the frame once the bridge listens. */
  proxyUrl: string;
  resource: AppResource | undefined;
  block: ToolCallBlock;
  displayMode: McpUiDisplayMode;
  width: number;
  locale: string;
  platform: 'web' | 'desktop';
  version: string;
  handlers: Omit<AppSessionHandlers, 'initialized'>;
}

const cancelledStatuses = new Set(['cancelled', 'denied']);

/** The live bridge (undefined until the app is initialized). */
export function useAppSession(options: AppSessionOptions): AppBridge | undefined {
  const { frameRef, proxyUrl, resource, block, displayMode, width, locale, platform, version } = options;
  const [bridge, setBridge] = useState<AppBridge | undefined>(undefined);
  const handlers = useRef(options.handlers);
  handlers.current = options.handlers;
  const context = useRef({ displayMode, width, locale, platform });
  context.current = { displayMode, width, locale, platform };
  const sent = useRef({ input: false, result: false, cancelled: false, partial: '' });

  useEffect(() => {
    const frame = frameRef.current?.contentWindow;
    if (!resource || !frame || !frameRef.current) return;
    let live: AppBridge | undefined;
    let closed = false;
    sent.current = { input: false, result: false, cancelled: false, partial: '' };
    void startAppSession(
      frame,
      resource,
      hostContextFor(context.current),
      {
        initialized: () => {
          if (!closed && live) setBridge(live);
        },
        sizeChanged: (height) => handlers.current.sizeChanged(height),
        displayMode: (mode) => handlers.current.displayMode(mode),
        teardownRequested: () => handlers.current.teardownRequested(),
        openLink: (url) => handlers.current.openLink(url),
        message: (text) => handlers.current.message(text),
        modelContext: (text) => handlers.current.modelContext(text),
        callTool: (name, args) => handlers.current.callTool(name, args),
        readResource: (uri) => handlers.current.readResource(uri),
      },
      version,
    ).then((connected) => {
      live = connected;
      if (closed) void connected.close();
      // Only now the page loads: its "proxy ready" message must find the bridge listening.
      else if (frameRef.current) frameRef.current.src = proxyUrl;
    });
    return () => {
      closed = true;
      setBridge(undefined);
      if (live) void live.close();
    };
  }, [resource, frameRef, proxyUrl, version]);

  // Input (partial while it streams, then whole), result, cancellation: each sent once, in that order.
  useEffect(() => {
    if (!bridge) return;
    const done = sent.current;
    if (block.status === 'streaming_input') {
      const partial = block.partialInput ?? '';
      const args = partial !== done.partial ? parsePartialObject(partial) : undefined;
      if (args) {
        done.partial = partial;
        void bridge.sendToolInputPartial({ arguments: args });
      }
      return;
    }
    if (!done.input) {
      done.input = true;
      void bridge.sendToolInput({ arguments: (block.input ?? {}) as Record<string, unknown> });
    }
    if (block.result && !done.result) {
      done.result = true;
      void bridge.sendToolResult(toCallToolResult(block.result));
    } else if (!block.result && !done.cancelled && (cancelledStatuses.has(block.status) || (block.status === 'error' && block.error))) {
      done.cancelled = true;
      void bridge.sendToolCancelled({ reason: block.error?.message ?? block.status });
    }
  }, [bridge, block.status, block.partialInput, block.input, block.result, block.error]);

  // Display mode and size follow the card.
  useEffect(() => {
    if (!bridge) return;
    const next = hostContextFor({ displayMode, width, locale, platform });
    void bridge.sendHostContextChange({ displayMode: next.displayMode, ...(next.containerDimensions ? { containerDimensions: next.containerDimensions } : {}), locale });
  }, [bridge, displayMode, width, locale, platform]);

  // Theme follows the window (useTheme sets data-theme on the root element).
  useEffect(() => {
    if (!bridge) return;
    let theme = currentTheme();
    const observer = new MutationObserver(() => {
      const next = currentTheme();
      if (next === theme) return;
      theme = next;
      void bridge.sendHostContextChange({ theme });
    });
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, [bridge]);

  return bridge;
}
