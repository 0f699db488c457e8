/** Opens a web address outside the app: the system browser on the desktop, a new tab of the user's browser in web mode. */
import type { AppInfo } from '../../../../shared/contract.ts';
import { ok, type Result } from '../../../../shared/errors.ts';
import { call } from '../../bridge/index.ts';
import { useStore } from '../../store/index.ts';

/**
 * Opens `url` for the given app mode. In web mode the page itself opens the tab: it must run inside the click that
 * asked for it (browsers block pop-ups otherwise), and the host, possibly headless, has no browser of its own.
 */
export function openExternalUrl(url: string, mode: AppInfo['mode'] | undefined): Promise<Result<null>> {
  if (mode === 'desktop') return call('app.openExternal', { url });
  // noopener: the opened page gets no handle on this window; noreferrer: it is not told where the user came from.
  window.open(url, '_blank', 'noopener,noreferrer');
  return Promise.resolve(ok(null));
}

/** The opener for the running app's mode. */
export function useOpenExternal(): (url: string) => Promise<Result<null>> {
  const mode = useStore((s) => s.appInfo?.mode);
  return (url) => openExternalUrl(url, mode);
}
