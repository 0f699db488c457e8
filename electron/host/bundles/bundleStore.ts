/**
 * Where bundles live in the data folder: bundles/<name>/ (unpacked), bundles/<name>.user-config.json (non-sensitive
 * values, kept for updates) and the secret store (sensitive values, key `bundle:<name>:<option>`).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { UserConfigValues } from '../../../shared/bundles.ts';
import type { SecretStore } from '../environment.ts';
import { writeFileAtomic } from '../store/atomicFile.ts';
import type { ZipEntry } from './zipEntries.ts';

interface Sidecar {
  values: UserConfigValues;
  secretKeys: string[];
}

/** The bundles folder of one data folder. */
export class BundleStore {
  readonly root: string;
  private readonly secrets: SecretStore;

  constructor(dataDir: string, secrets: SecretStore) {
    this.root = path.join(dataDir, 'bundles');
    this.secrets = secrets;
  }

  /** The unpacked folder of a bundle. */
  folder(name: string): string {
    return path.join(this.root, name);
  }

  private sidecar(name: string): string {
    return path.join(this.root, `${name}.user-config.json`);
  }

  private secretKey(name: string, key: string): string {
    return `bundle:${name}:${key}`;
  }

  /** A fresh private scratch path inside the bundles folder (same file system, so renames are atomic). */
  async scratch(prefix: string): Promise<string> {
    await fs.mkdir(this.root, { recursive: true, mode: 0o700 });
    return path.join(this.root, `.${prefix}-${randomUUID()}`);
  }

  /** Writes the archive's files under `target`, refusing (again, after the name checks) anything that would land outside it. */
  async unpack(target: string, entries: ZipEntry[], files: Record<string, Uint8Array>, executable: string): Promise<void> {
    await fs.mkdir(target, { recursive: true, mode: 0o700 });
    const base = path.resolve(target);
    for (const entry of entries) {
      const destination = path.resolve(base, entry.name);
      if (destination !== base && !destination.startsWith(base + path.sep)) throw new Error(`"${entry.name}" resolves outside the bundle folder`);
      if (entry.directory) {
        await fs.mkdir(destination, { recursive: true });
        continue;
      }
      await fs.mkdir(path.dirname(destination), { recursive: true });
      const data = files[entry.name] ?? new Uint8Array();
      const runnable = (entry.mode !== undefined && (entry.mode & 0o111) !== 0) || entry.name.replace(/^\.\//, '') === executable;
      // flag 'wx': never follow or overwrite something already there.
      await fs.writeFile(destination, data, { flag: 'wx', mode: runnable ? 0o755 : 0o644 });
    }
  }

  /** The stored values of an installed bundle (sensitive ones from the secret store). */
  async readValues(name: string): Promise<UserConfigValues> {
    let sidecar: Sidecar;
    try {
      sidecar = JSON.parse(await fs.readFile(this.sidecar(name), 'utf8')) as Sidecar;
    } catch {
      return {};
    }
    const values: UserConfigValues = { ...sidecar.values };
    for (const key of sidecar.secretKeys) {
      const secret = await this.secrets.get(this.secretKey(name, key));
      if (secret !== undefined) values[key] = secret;
    }
    return values;
  }

  /** Keeps the values for the next update; sensitive ones go to the secret store. */
  async saveValues(name: string, values: UserConfigValues, sensitive: Set<string>): Promise<void> {
    const plain: UserConfigValues = {};
    const secretKeys: string[] = [];
    for (const [key, value] of Object.entries(values)) {
      if (sensitive.has(key) && typeof value === 'string') {
        await this.secrets.set(this.secretKey(name, key), value);
        secretKeys.push(key);
      } else plain[key] = value;
    }
    await writeFileAtomic(this.sidecar(name), `${JSON.stringify({ values: plain, secretKeys }, null, 2)}\n`, { mode: 0o600 });
  }

  /** Forgets a bundle: its folder, its stored values and secrets. */
  async remove(name: string): Promise<void> {
    try {
      const sidecar = JSON.parse(await fs.readFile(this.sidecar(name), 'utf8')) as Sidecar;
      for (const key of sidecar.secretKeys) await this.secrets.delete(this.secretKey(name, key));
    } catch {
      // No sidecar: nothing stored.
    }
    await fs.rm(this.sidecar(name), { force: true });
    await fs.rm(this.folder(name), { recursive: true, force: true });
  }
}
