import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FileSecretStore } from '../host/store/fileSecretStore.ts';
import { chooseSecretStore, keychainUsable, secretFiles, SECRETS_IN_FILE_NOTICE } from './chooseSecretStore.ts';
import { SafeStorageSecretStore, type SafeStorageLike } from './safeStorageSecretStore.ts';

/** Stands in for the OS keychain: real AES-GCM with a key that never touches the disk. */
function keychain(available = true): SafeStorageLike {
  const key = randomBytes(32);
  return {
    isEncryptionAvailable: () => available,
    encryptString(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    decryptString(blob) {
      const decipher = createDecipheriv('aes-256-gcm', key, blob.subarray(0, 12));
      decipher.setAuthTag(blob.subarray(12, 28));
      return Buffer.concat([decipher.update(blob.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sb-secrets-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('SafeStorageSecretStore', () => {
  it('keeps secrets encrypted on disk, readable only by the user, and reads them back', async () => {
    const path = join(tempDir(), secretFiles.keychain);
    const store = new SafeStorageSecretStore(path, keychain());
    await Promise.all([store.set('anthropic.apiKey', 'sk-ant-secret-123'), store.set('oauth:github', 'gho_token_456')]);
    expect(await store.get('anthropic.apiKey')).toBe('sk-ant-secret-123');
    expect(await store.get('oauth:github')).toBe('gho_token_456');
    const onDisk = readFileSync(path, 'utf8');
    expect(onDisk).not.toContain('sk-ant-secret-123');
    expect(onDisk).not.toContain('gho_token_456');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    await store.delete('oauth:github');
    expect(await store.get('oauth:github')).toBeUndefined();
    expect(await store.get('anthropic.apiKey')).toBe('sk-ant-secret-123');
  });

  it('treats a blob the keychain can no longer open as absent (so the user is asked again), not as a crash', async () => {
    const path = join(tempDir(), secretFiles.keychain);
    await new SafeStorageSecretStore(path, keychain()).set('anthropic.apiKey', 'sk-1');
    const warnings: string[] = [];
    const logger = { info: () => {}, error: () => {}, warn: (message: string) => warnings.push(message) };
    const otherKeychain = new SafeStorageSecretStore(path, keychain(), logger);
    expect(await otherKeychain.get('anthropic.apiKey')).toBeUndefined();
    expect(warnings).toHaveLength(1);
  });
});

describe('chooseSecretStore', () => {
  it('uses the keychain when safeStorage really encrypts', () => {
    const choice = chooseSecretStore(tempDir(), { safeStorage: keychain(), platform: 'linux', linuxBackend: 'gnome_libsecret' });
    expect(choice.store.kind).toBe('keychain');
    expect(choice.notice).toBeUndefined();
  });

  it('falls back to the 0600 file with a visible notice when there is no keychain', async () => {
    const dir = tempDir();
    const choice = chooseSecretStore(dir, { safeStorage: keychain(false), platform: 'darwin' });
    expect(choice.store.kind).toBe('file');
    expect(choice.notice).toBe(SECRETS_IN_FILE_NOTICE);
    await choice.store.set('anthropic.apiKey', 'sk-plain');
    expect(statSync(join(dir, secretFiles.plain)).mode & 0o777).toBe(0o600);
  });

  it('does not trust Linux "basic_text" (a hard-coded key) as a keychain', () => {
    expect(keychainUsable({ safeStorage: keychain(), platform: 'linux', linuxBackend: 'basic_text' }).usable).toBe(false);
    const choice = chooseSecretStore(tempDir(), { safeStorage: keychain(), platform: 'linux', linuxBackend: 'basic_text' });
    expect(choice.store.kind).toBe('file');
    expect(choice.reason).toContain('basic_text');
  });

  it('still finds a key saved in the plain file (web mode, an earlier keyring-less run) and drops that copy once rewritten', async () => {
    const dir = tempDir();
    await new FileSecretStore(join(dir, secretFiles.plain)).set('anthropic.apiKey', 'sk-from-web-mode');
    const { store } = chooseSecretStore(dir, { safeStorage: keychain(), platform: 'darwin' });
    expect(await store.get('anthropic.apiKey')).toBe('sk-from-web-mode');
    await store.set('anthropic.apiKey', 'sk-new');
    expect(await store.get('anthropic.apiKey')).toBe('sk-new');
    expect(readFileSync(join(dir, secretFiles.plain), 'utf8')).not.toContain('sk-from-web-mode');
    expect(readFileSync(join(dir, secretFiles.keychain), 'utf8')).not.toContain('sk-new');
  });

  it('never creates a plain secrets file for a keychain user', async () => {
    const dir = tempDir();
    const { store } = chooseSecretStore(dir, { safeStorage: keychain(), platform: 'win32' });
    await store.set('anthropic.apiKey', 'sk-1');
    await store.delete('anthropic.apiKey');
    expect(existsSync(join(dir, secretFiles.plain))).toBe(false);
  });
});
