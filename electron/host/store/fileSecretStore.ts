/** Secrets in a JSON file readable only by the user (mode 0600); used by web mode and where no keychain exists. */
import { mkdir, readFile, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { SecretStore } from '../environment.ts';
import { writeFileAtomic } from './atomicFile.ts';

/** What the file holds; `damaged` when it exists but is not a JSON object (cut short by a crash, a bad hand edit). */
interface FileContents {
  secrets: Record<string, string>;
  damaged: boolean;
}

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
    return (await this.readAll()).secrets[key];
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

  private async readAll(): Promise<FileContents> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (cause) {
      if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return { secrets: {}, damaged: false };
      throw cause;
    }
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        const secrets = Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
        return { secrets, damaged: false };
      }
    } catch {
      // Falls through: a damaged file reads as empty rather than failing every read and write forever.
    }
    return { secrets: {}, damaged: true };
  }

  // Writes are serialized so two quick sets cannot lose one another; a damaged file is kept aside, never overwritten.
  private update(change: (all: Record<string, string>) => Record<string, string>): Promise<void> {
    const next = this.queue.then(async () => {
      const current = await this.readAll();
      const all = change(current.secrets);
      await mkdir(dirname(this.path), { recursive: true });
      if (current.damaged) await rename(this.path, `${this.path}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`);
      await writeFileAtomic(this.path, JSON.stringify(all, null, 2), { mode: 0o600 });
    });
    this.queue = next.catch(() => {});
    return next;
  }
}
