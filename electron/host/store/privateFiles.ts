/**
 * The data folder holds chats, server tokens and secrets: it is private to the user (0700) and so is every file in it
 * (0600; no access for group or others). Applied when the folder is created and at every start, which also fixes
 * installs made before this rule. The folder and the files directly in it (Switchboard's own) are fixed before the
 * host opens anything; subfolders (on the desktop, Chromium's caches: thousands of files) are walked in the background.
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync, type Stats } from 'node:fs';
import { chmod, lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../environment.ts';

/** Mode of the data folder and its subfolders. */
export const PRIVATE_DIR_MODE = 0o700;
/** Mode of every file in the data folder. */
export const PRIVATE_FILE_MODE = 0o600;

// The mode an entry should have, or undefined when it is fine (or not ours to change: symlinks are never followed,
// since chmod would reach files outside the data folder). An executable keeps its owner's execute bit (0700).
function wanted(stat: Stats): number | undefined {
  if (stat.isSymbolicLink()) return undefined;
  if (stat.isDirectory()) return (stat.mode & 0o777) === PRIVATE_DIR_MODE ? undefined : PRIVATE_DIR_MODE;
  if (stat.isFile() && (stat.mode & 0o077) !== 0) return (stat.mode & 0o700) | PRIVATE_FILE_MODE;
  return undefined;
}

// Vanished meanwhile (a temp file, a cache entry) or not ours: reported, and the rest still gets fixed.
function report(logger: Logger, path: string, cause: unknown): void {
  if ((cause as NodeJS.ErrnoException).code !== 'ENOENT') logger.warn('data folder: could not restrict permissions', { path, reason: String(cause) });
}

async function walkInBackground(dir: string, logger: Logger): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (cause) {
    report(logger, dir, cause);
    return;
  }
  for (const name of names) {
    const path = join(dir, name);
    try {
      const stat = await lstat(path);
      const mode = wanted(stat);
      if (mode !== undefined) await chmod(path, mode);
      if (stat.isDirectory()) await walkInBackground(path, logger);
    } catch (cause) {
      report(logger, path, cause);
    }
  }
}

/**
 * Creates the data folder (0700) if missing, makes it and the files directly in it private now, and resolves once
 * every subfolder has been fixed too. No-op on Windows (no mode bits).
 */
export function makeDataDirPrivate(dataDir: string, logger: Logger, platform: NodeJS.Platform = process.platform): Promise<void> {
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (platform === 'win32') return Promise.resolve();
  const subfolders: string[] = [];
  for (const path of [dataDir, ...readdirSync(dataDir).map((name) => join(dataDir, name))]) {
    try {
      const stat = lstatSync(path);
      const mode = wanted(stat);
      if (mode !== undefined) chmodSync(path, mode);
      if (stat.isDirectory() && path !== dataDir) subfolders.push(path);
    } catch (cause) {
      report(logger, path, cause);
    }
  }
  return Promise.all(subfolders.map((dir) => walkInBackground(dir, logger))).then(() => {});
}
