/** Picks where the desktop app keeps secrets: the OS keychain when it really encrypts, else a 0600 file with a notice. */
import { join } from 'node:path';
import type { Logger, SecretStore } from '../host/environment.ts';
import { FileSecretStore } from '../host/store/fileSecretStore.ts';
import { SafeStorageSecretStore, type SafeStorageLike } from './safeStorageSecretStore.ts';

/** File names inside the data folder. */
export const secretFiles = { keychain: 'secrets.enc.json', plain: 'secrets.json' } as const;

/** Notice key shown by the renderer when secrets live in a plain 0600 file (the same key web mode uses). */
export const SECRETS_IN_FILE_NOTICE = 'secrets_in_file';

/** What Electron tells about its keychain access. */
export interface KeychainProbe {
  safeStorage: SafeStorageLike;
  platform: NodeJS.Platform;
  /** Linux only: `safeStorage.getSelectedStorageBackend()`; `basic_text` means a hard-coded key, i.e. no real protection. */
  linuxBackend?: string;
}

/** The chosen store, and the notice to show when it is the plain file. */
export interface SecretStoreChoice {
  store: SecretStore;
  notice?: string;
  /** Why the keychain was not used (for the log and docs). */
  reason?: string;
}

/** True when safeStorage encrypts with a key the OS protects. */
export function keychainUsable(probe: KeychainProbe): { usable: boolean; reason?: string } {
  if (!probe.safeStorage.isEncryptionAvailable()) return { usable: false, reason: 'the OS keychain is not available (safeStorage)' };
  if (probe.platform === 'linux' && (probe.linuxBackend === 'basic_text' || probe.linuxBackend === 'unknown')) {
    return { usable: false, reason: `no keyring service found (Electron would use its "${probe.linuxBackend}" backend, which does not protect the key)` };
  }
  return { usable: true };
}

/**
 * A keychain store that still reads secrets a keyring-less run or web mode left in the plain file, and removes the
 * plain copy of a secret as soon as the desktop app writes or deletes it.
 */
class KeychainWithFileFallback implements SecretStore {
  readonly kind = 'keychain' as const;
  private readonly keychain: SecretStore;
  private readonly file: SecretStore;

  constructor(keychain: SecretStore, file: SecretStore) {
    this.keychain = keychain;
    this.file = file;
  }

  async get(key: string): Promise<string | undefined> {
    return (await this.keychain.get(key)) ?? (await this.file.get(key));
  }

  async set(key: string, value: string): Promise<void> {
    await this.keychain.set(key, value);
    await this.forgetPlainCopy(key);
  }

  async delete(key: string): Promise<void> {
    await this.keychain.delete(key);
    await this.forgetPlainCopy(key);
  }

  // Only touches the plain file when it holds the key, so a keychain user never gets an empty secrets.json.
  private async forgetPlainCopy(key: string): Promise<void> {
    if ((await this.file.get(key)) !== undefined) await this.file.delete(key);
  }
}

/** Chooses the store for `dataDir`: keychain-encrypted blobs when possible, else the 0600 file plus a notice. */
export function chooseSecretStore(dataDir: string, probe: KeychainProbe, logger?: Logger): SecretStoreChoice {
  const plain = new FileSecretStore(join(dataDir, secretFiles.plain));
  const verdict = keychainUsable(probe);
  if (!verdict.usable) {
    logger?.warn('secrets: keeping secrets in a file readable only by you', { reason: verdict.reason, file: join(dataDir, secretFiles.plain) });
    return { store: plain, notice: SECRETS_IN_FILE_NOTICE, ...(verdict.reason ? { reason: verdict.reason } : {}) };
  }
  const keychain = new SafeStorageSecretStore(join(dataDir, secretFiles.keychain), probe.safeStorage, logger);
  return { store: new KeychainWithFileFallback(keychain, plain) };
}
