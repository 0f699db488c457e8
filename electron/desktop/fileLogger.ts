/** The desktop logger: JSON lines in the OS logs folder, rotated at a size cap, with secret-looking fields redacted. */
import { appendFileSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../host/environment.ts';

/** Field names whose values never reach a log file. */
const secretKey = /(api[-_]?key|token|secret|password|authorization|cookie|bearer)/i;

/** Replaces values of secret-looking keys (at any depth) with "[redacted]". */
export function redactFields(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactFields(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[key] = secretKey.test(key) ? '[redacted]' : redactFields(inner, depth + 1);
  return out;
}

function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/** A logger writing `main.log` in `logsDir` (kept under `maxBytes`, one previous file kept as main.old.log); also mirrors to stderr. */
export function createFileLogger(logsDir: string, options: { maxBytes?: number; mirrorToStderr?: boolean } = {}): Logger & { readonly file: string } {
  const file = join(logsDir, 'main.log');
  const maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
  let size: number | undefined;
  const write = (level: string, message: string, fields?: Record<string, unknown>) => {
    const line = `${JSON.stringify({ at: new Date().toISOString(), level, message, ...(fields ? (redactFields(fields) as Record<string, unknown>) : {}) })}\n`;
    if (options.mirrorToStderr) process.stderr.write(line);
    try {
      if (size === undefined) {
        mkdirSync(logsDir, { recursive: true });
        size = fileSize(file);
      }
      // Counted here rather than stat'ed per line: one rename when the cap is crossed.
      if (size > maxBytes) {
        renameSync(file, join(logsDir, 'main.old.log'));
        size = 0;
      }
      appendFileSync(file, line, { mode: 0o600 });
      size += Buffer.byteLength(line);
    } catch {
      // Logging must never take the app down (disk full, folder removed).
    }
  };
  return {
    file,
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
  };
}
