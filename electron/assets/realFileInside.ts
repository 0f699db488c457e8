/** Symlink-safe containment for the renderer's files, shared by the desktop's app:// protocol and web mode's HTTP server. */
import { realpathSync, statSync } from 'node:fs';
import { isAbsolute, relative, sep } from 'node:path';

/**
 * The real path of `candidate` when it is a regular file whose real location is inside the real `root`; otherwise
 * undefined. A path check on the name alone lets a symlink in the renderer folder serve any file on the disk.
 * Sync on purpose: Electron's asar layer implements `realpathSync`, so this also works inside app.asar.
 */
export function realFileInside(root: string, candidate: string): string | undefined {
  try {
    const realRoot = realpathSync(root);
    const real = realpathSync(candidate);
    const fromRoot = relative(realRoot, real);
    if (fromRoot === '' || fromRoot === '..' || fromRoot.startsWith(`..${sep}`) || isAbsolute(fromRoot)) return undefined;
    return statSync(real).isFile() ? real : undefined;
  } catch {
    // Missing, a dangling link, a loop, or no permission: not a file we serve.
    return undefined;
  }
}
