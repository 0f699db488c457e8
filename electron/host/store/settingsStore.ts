/**
 * App settings in <dataDir>/settings.json, written atomically (temp file + rename). Kept apart from history.db so a
 * damaged history never costs the user their settings. A field that fails validation falls back to its default alone.
 */
import { readFileSync } from 'node:fs';
import { defaultSettings, settingsSchema, type Settings } from '../../../shared/settings.ts';
import type { Logger } from '../environment.ts';
import { writeFileAtomic } from './atomicFile.ts';

/** Reads settings, keeping every valid field and defaulting the rest. */
export function readSettings(path: string, logger: Logger): Settings {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code !== 'ENOENT') logger.warn('settings.json unreadable; using defaults', { reason: String(cause) });
    return { ...defaultSettings };
  }
  if (!raw || typeof raw !== 'object') return { ...defaultSettings };
  const out: Record<string, unknown> = { ...defaultSettings };
  const shape = settingsSchema.shape;
  for (const key of Object.keys(shape) as (keyof typeof shape)[]) {
    const value = (raw as Record<string, unknown>)[key];
    if (value === undefined) continue;
    const parsed = shape[key].safeParse(value);
    if (parsed.success) out[key] = parsed.data;
    else logger.warn('settings.json field invalid; using its default', { field: key });
  }
  return settingsSchema.parse(out);
}

/** Settings held in memory and persisted on every change. */
export class SettingsStore {
  private current: Settings;
  private readonly path: string;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(path: string, logger: Logger) {
    this.path = path;
    this.current = readSettings(path, logger);
  }

  /** The current settings. */
  get(): Settings {
    return this.current;
  }

  /** Writes a validated change and then applies it; resolves once it is on disk. A change that cannot be saved is not applied. */
  async update(change: Partial<Settings>): Promise<Settings> {
    // Serialized, and each change is built on the last saved one, so an older snapshot can never land after a newer one.
    const write = this.queue.then(async () => {
      const next = { ...this.current, ...change };
      await writeFileAtomic(this.path, `${JSON.stringify(next, null, 2)}\n`);
      this.current = next;
      return next;
    });
    this.queue = write.catch(() => {});
    return write;
  }
}
