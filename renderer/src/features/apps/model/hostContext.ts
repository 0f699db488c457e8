/** What the window tells an app about where it is shown (MCP Apps host context): theme, locale, size, display mode. */
import type { McpUiDisplayMode, McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';

/** The window's current theme, as useTheme applied it. */
export function currentTheme(): 'light' | 'dark' {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

/** The host context for an app card of `width` pixels in `displayMode`. */
export function hostContextFor(options: { displayMode: McpUiDisplayMode; width: number; locale: string; platform: 'web' | 'desktop' }): McpUiHostContext {
  const fullscreen = options.displayMode === 'fullscreen';
  return {
    theme: currentTheme(),
    locale: options.locale,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    displayMode: options.displayMode,
    availableDisplayModes: ['inline', 'fullscreen'],
    containerDimensions: fullscreen ? { width: window.innerWidth, height: window.innerHeight } : { width: Math.round(options.width), maxHeight: maxInlineHeight },
    platform: options.platform,
    deviceCapabilities: { touch: navigator.maxTouchPoints > 0, hover: window.matchMedia?.('(hover: hover)').matches ?? true },
    safeAreaInsets: { top: 0, right: 0, bottom: 0, left: 0 },
  };
}

/** The tallest an inline app may grow before it scrolls inside its card. */
export const maxInlineHeight = 1200;
/** The height an app starts at before it reports its own. */
export const initialHeight = 160;

/** Clamps a height an app reported to what an inline card shows. */
export function clampHeight(height: number | undefined): number | undefined {
  if (height === undefined || !Number.isFinite(height) || height <= 0) return undefined;
  return Math.min(maxInlineHeight, Math.ceil(height));
}
