/** Serves the built renderer (dist/renderer) with safe paths, content types and single-page fallback. */
import { createReadStream, existsSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { contentTypeOf } from '../assets/contentTypes.ts';
import { realFileInside } from '../assets/realFileInside.ts';

/** True when the renderer has been built into `dir`. */
export function rendererBuilt(dir: string): boolean {
  return existsSync(join(dir, 'index.html'));
}

/** The message shown when the renderer is missing; says exactly what to run. */
export const notBuiltMessage = 'The Switchboard UI has not been built yet. Run `npm run build:renderer` (or `npm run build`), then start web mode again.';

/** Resolves a URL path to a file really inside `root` (symlinks followed, then checked), or undefined for escapes and missing files. */
export function resolveAsset(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const base = resolve(root);
  const full = resolve(base, `.${normalize(`/${decoded}`)}`);
  if (full !== base && !full.startsWith(base + sep)) return undefined;
  return realFileInside(base, full);
}

/**
 * Writes a file from the renderer build. Unknown paths without an extension get index.html (client-side routes);
 * unknown paths with one are 404. Hashed assets are cached; index.html never is, so a rebuild shows at once.
 */
export function serveStatic(root: string, urlPath: string, response: ServerResponse, headers: Record<string, string>): void {
  let file = resolveAsset(root, urlPath === '/' ? '/index.html' : urlPath);
  if (!file && extname(urlPath) === '') file = resolveAsset(root, '/index.html');
  if (!file) {
    response.writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
    response.end('Not found');
    return;
  }
  const type = contentTypeOf(file);
  const cache = file.includes(`${sep}assets${sep}`) ? 'private, max-age=31536000, immutable' : 'no-store';
  response.writeHead(200, { ...headers, 'Content-Type': type, 'Cache-Control': cache });
  createReadStream(file)
    .on('error', () => response.destroy())
    .pipe(response);
}
