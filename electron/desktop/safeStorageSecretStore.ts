/** Secrets encrypted with the OS keychain (Electron's safeStorage), kept as base64 blobs in a 0600 file in userData. */
import { readFile } from 'node:fs/promises';
import type { Logger, SecretStore } from '../host/environment.ts';
import { writeFileAtomic } from '../host/store/atomicFile.ts';

/** The part of Electron's `safeStorage` the store uses; tests pass a stand-in cipher. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

interface BlobFile {
  version: 1;
  secrets: Record<string, string>;
}

function parseBlobFile(text: string): BlobFile {
  const parsed: unknown = JSON.parse(text);
  const secrets: Record<string, string> = {};
  if (parsed && typeof parsed === 'object' && 'secrets' in parsed) {
    const raw = parsed.secrets;
    if (raw && typeof raw === 'object') {
      for (const [key, value] of Object.entries(raw)) if (typeof value === 'string') secrets[key] = value;
    }
  }
  return { version: 1, secrets };
}

/** A SecretStore whose values are encrypted by the OS keychain; the file alone reveals nothing. */
export class SafeStorageSecretStore implements SecretStore {
  readonly kind = 'keychain' as const;
  private readonly path: string;
  private readonly cipher: SafeStorageLike;
  private readonly logger: Logger | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(path: string, cipher: SafeStorageLike, logger?: Logger) {
    this.path = path;
    this.cipher = cipher;
    this.logger = logger;
  }

  /** Decrypts one secret; a blob the keychain can no longer open (keychain reset, other user) reads as absent. */
  async get(key: string): Promise<string | undefined> {
    const blob = (await this.readAll()).secrets[key];
    if (blob === undefined) return undefined;
    try {
      return this.cipher.decryptString(Buffer.from(blob, 'base64'));
    } catch (cause) {
      this.logger?.warn('secrets: a stored secret could not be decrypted; it must be entered again', {
        key,
        cause: cause instanceof Error ? cause.message : String(cause),
      });
      return undefined;
    }
  }

  /** Encrypts and stores one secret. */
  set(key: string, value: string): Promise<void> {
    const blob = this.cipher.encryptString(value).toString('base64');
    return this.update((secrets) => ({ ...secrets, [key]: blob }));
  }

  /** Forgets one secret. */
  delete(key: string): Promise<void> {
    return this.update((secrets) => {
      const next = { ...secrets };
      delete next[key];
      return next;
    });
  }

  private async readAll(): Promise<BlobFile> {
    try {
      return parseBlobFile(await readFile(this.path, 'utf8'));
    } catch (cause) {
      if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, secrets: {} };
      throw cause;
    }
  }

  // Serialized and atomic (temp file + rename) so two quick writes cannot lose one another or leave half a file.
  private update(change: (secrets: Record<string, string>) => Record<string, string>): Promise<void> {
    const next = this.queue.then(async () => {
      const current = await this.readAll();
      const body: BlobFile = { version: 1, secrets: change(current.secrets) };
      await writeFileAtomic(this.path, JSON.stringify(body, null, 2), { mode: 0o600 });
    });
    this.queue = next.catch(() => {});
    return next;
  }
}
