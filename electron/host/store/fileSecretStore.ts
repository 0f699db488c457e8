/** Secrets in a JSON file readable only by the user (mode 0600); used by web mode and where no keychain exists. */
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { SecretStore } from '../environment.ts';

/** A SecretStore backed by a 0600 JSON file, written atomically. */
export class FileSecretStore implements SecretStore {
  readonly kind = 'file' as const;
  private readonly path: string;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(path: string) {
    this.path = path;
  }

  /** Reads one secret. */
  async get(key: string): Promise<string | undefined> {
    return (await this.readAll())[key];
  }

  /** Writes one secret. */
  set(key: string, value: string): Promise<void> {
    return this.update((all) => ({ ...all, [key]: value }));
  }

  /** Forgets one secret. */
  delete(key: string): Promise<void> {
    return this.update((all) => {
      const next = { ...all };
      delete next[key];
      return next;
    });
  }

  private async readAll(): Promise<Record<string, string>> {
    try {
      const parsed: unknown = JSON.parse(await readFile(this.path, 'utf8'));
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
      }
      return {};
    } catch (cause) {
      if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw cause;
    }
  }

  // Writes are serialized so two quick sets cannot lose one another.
  private update(change: (all: Record<string, string>) => Record<string, string>): Promise<void> {
    const next = this.queue.then(async () => {
      const all = change(await this.readAll());
      await mkdir(dirname(this.path), { recursive: true });
      const temp = `${this.path}.${process.pid}.tmp`;
      await writeFile(temp, JSON.stringify(all, null, 2), { mode: 0o600 });
      await chmod(temp, 0o600);
      await rename(temp, this.path);
    });
    this.queue = next.catch(() => {});
    return next;
  }
}
