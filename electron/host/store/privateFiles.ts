/**
 * The data folder holds chats, server tokens and secrets: it is private to the user (0700) and so is every file in it
 * (0600; no access for group or others). Applied when the folder is created and at every start, which also fixes installs made before this rule.
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../environment.ts';

/** Mode of the data folder and its subfolders. */
export const PRIVATE_DIR_MODE = 0o700;
/** Mode of every file in the data folder. */
export const PRIVATE_FILE_MODE = 0o600;

function tighten(path: string, want: number, logger: Logger): void {
  try {
    chmodSync(path, want);
  } catch (cause) {
    // Vanished meanwhile (a temp file, a browser cache entry) or not ours: the rest still gets fixed.
    if ((cause as NodeJS.ErrnoException).code !== 'ENOENT') logger.warn('data folder: could not restrict permissions', { path, reason: String(cause) });
  }
}

function walk(dir: string, logger: Logger): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code !== 'ENOENT') logger.warn('data folder: could not list', { dir, reason: String(cause) });
    return;
  }
  for (const name of names) {
    const path = join(dir, name);
    let stat;
    try {
      stat = lstatSync(path);
    } catch {
      continue;
    }
    // Symlinks are left alone: chmod would follow them to files outside the data folder.
    if (stat.isSymbolicLink()) continue;
    if (stat.isDirectory()) {
      if ((stat.mode & 0o777) !== PRIVATE_DIR_MODE) tighten(path, PRIVATE_DIR_MODE, logger);
      walk(path, logger);
    } else if (stat.isFile() && (stat.mode & 0o077) !== 0) {
      // Only group/other bits go: an executable the user placed here stays executable (0700), data files become 0600.
      tighten(path, (stat.mode & 0o700) | PRIVATE_FILE_MODE, logger);
    }
  }
}

/** Creates the data folder (0700) if missing and makes it and everything in it private. No-op on Windows (no modes). */
export function makeDataDirPrivate(dataDir: string, logger: Logger, platform: NodeJS.Platform = process.platform): void {
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (platform === 'win32') return;
  if ((lstatSync(dataDir).mode & 0o777) !== PRIVATE_DIR_MODE) tighten(dataDir, PRIVATE_DIR_MODE, logger);
  walk(dataDir, logger);
}
