/** Replaces a file whole or not at all: temp file beside it, fsync, then rename over the old one. */
import { randomUUID } from 'node:crypto';
import { chmod, mkdir, open, rename, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Options of one atomic write. */
export interface AtomicWriteOptions {
  /** File mode of the new file; 0o600 by default (everything in the data folder is private to the user). */
  mode?: number;
  /** Runs after the new content is safely on disk and before it replaces the old file (e.g. keep a backup). */
  beforeReplace?: () => Promise<void>;
}

/**
 * Writes `text` to `path` so that a crash or a full disk leaves either the old file or the new one, never half of
 * one. The folder is created when missing; the temp file is removed when anything fails, and the error is rethrown.
 */
export async function writeFileAtomic(path: string, text: string, options: AtomicWriteOptions = {}): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.${randomUUID().slice(0, 8)}.tmp`;
  try {
    const handle = await open(temp, 'w', options.mode ?? 0o600);
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    // The umask may have narrowed or the open mode may not apply on some systems: set it explicitly.
    if (options.mode !== undefined) await chmod(temp, options.mode);
    await options.beforeReplace?.();
    await rename(temp, path);
  } catch (cause) {
    await unlink(temp).catch(() => {});
    throw cause;
  }
}
