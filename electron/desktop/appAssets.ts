/** Maps app:// URLs to files of the built renderer, refusing anything outside it; tested without Electron. */
import { join, normalize, relative, sep, isAbsolute } from 'node:path';
import { contentTypeOf } from '../assets/contentTypes.ts';
import { realFileInside } from '../assets/realFileInside.ts';

/** The custom scheme the renderer is served from (a real origin, unlike file://). */
export const APP_SCHEME = 'app';
/** The host part of the app's URLs. */
export const APP_HOST = 'switchboard';
/** The URL the window loads. */
export const APP_ENTRY_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/** A request resolved to a file, or refused. */
export type AssetLookup = { ok: true; path: string; mimeType: string } | { ok: false; status: 400 | 403 | 404 };

/** Resolves `url` (app://switchboard/...) to a file under `rootDir`; other hosts and escapes are refused. */
export function resolveAppAsset(rootDir: string, url: string): AssetLookup {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, status: 400 };
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return { ok: false, status: 403 };
  let pathname: string;
  try {
    pathname = decodeURIComponent(parsed.pathname);
  } catch {
    return { ok: false, status: 400 };
  }
  if (pathname.includes('\0')) return { ok: false, status: 400 };
  const relativePath = pathname === '/' || pathname === '' ? 'index.html' : pathname.replace(/^\/+/, '');
  const root = normalize(rootDir);
  const candidate = normalize(join(root, relativePath));
  const fromRoot = relative(root, candidate);
  // An encoded "..", a backslash on Windows or an absolute path must not climb out of the renderer folder.
  if (fromRoot === '' || fromRoot.startsWith(`..${sep}`) || fromRoot === '..' || isAbsolute(fromRoot)) return { ok: false, status: 403 };
  return { ok: true, path: candidate, mimeType: contentTypeOf(candidate) };
}

/** `resolveAppAsset`, then the file itself: a symlink whose target lies outside the renderer folder is 404, like a missing file. */
export function resolveAppFile(rootDir: string, url: string): AssetLookup {
  const lookup = resolveAppAsset(rootDir, url);
  if (!lookup.ok) return lookup;
  const real = realFileInside(rootDir, lookup.path);
  return real ? { ...lookup, path: real } : { ok: false, status: 404 };
}
