/** The `bundles.*` calls: inspect a .mcpb, install (or update) it as a stdio server entry, uninstall it. */
import fs from 'node:fs/promises';
import { hostErr, ok, type Result } from '../../../shared/errors.ts';
import { hostMessage, type HostMessage } from '../../../shared/hostMessages.ts';
import type { HostApi } from '../../../shared/contract.ts';
import { BUNDLE_MAX_ARCHIVE_BYTES, BUNDLE_MAX_UPLOAD_BYTES, type BundlePreview, type BundleRefusal, type BundleSource } from '../../../shared/bundles.ts';
import type { ServerView } from '../../../shared/servers.ts';
import type { Logger, SecretStore } from '../environment.ts';
import { openBundle, readSignature, type OpenedBundle } from './readBundle.ts';
import { defaultUnpackLimits, type UnpackLimits } from './zipEntries.ts';
import { BundleStore } from './bundleStore.ts';
import { checkUserConfig, userConfigFields } from './userConfig.ts';
import { launchConfig } from './launchConfig.ts';
import { previewOf } from './preview.ts';
import { deleteSecrets, storeArgSecrets } from '../mcp/serversFileSecrets.ts';

/** Calls owned by the bundles module. */
export type BundleCalls = Pick<HostApi, 'bundles.inspect' | 'bundles.install' | 'bundles.uninstall'>;

/** What the bundle calls need from the host. */
export interface BundleDeps {
  dataDir: string;
  secrets: SecretStore;
  logger: Logger;
  /** The server calls a bundle's entry goes through (list, add, update, remove, restart). */
  servers: Pick<HostApi, 'servers.list' | 'servers.add' | 'servers.update' | 'servers.remove' | 'servers.restart'>;
  /** Limits (tests lower them). */
  limits?: Partial<UnpackLimits & { maxArchiveBytes: number }>;
  platform?: NodeJS.Platform;
}

const refuse = (refused: BundleRefusal, text: HostMessage) => hostErr('bundle_refused', text, { detail: refused });
const reasonOf = (cause: unknown) => (cause instanceof Error ? cause.message : String(cause));

/** Builds the bundle calls. */
export function createBundleCalls(deps: BundleDeps): BundleCalls {
  const store = new BundleStore(deps.dataDir, deps.secrets);
  const limits: UnpackLimits = { ...defaultUnpackLimits, ...deps.limits };
  const maxArchive = deps.limits?.maxArchiveBytes ?? BUNDLE_MAX_ARCHIVE_BYTES;
  const platform = deps.platform ?? process.platform;

  /** Reads the archive and its signature (web uploads pass through a scratch file the package can read). */
  async function load(source: BundleSource): Promise<Result<{ opened: OpenedBundle; signature: BundlePreview['signature'] }>> {
    let bytes: Uint8Array;
    let signaturePath: string;
    let scratch: string | undefined;
    if ('path' in source) {
      const stat = await fs.stat(source.path).catch(() => undefined);
      if (!stat?.isFile()) return hostErr('not_found', hostMessage('fs.noFile', { path: source.path }));
      if (stat.size > maxArchive) return refuse('too_large', hostMessage('bundle.tooLarge', { size: Math.round(stat.size / 1048576), max: Math.round(maxArchive / 1048576) }));
      bytes = await fs.readFile(source.path);
      signaturePath = source.path;
    } else {
      bytes = Buffer.from(source.base64, 'base64');
      const cap = Math.min(maxArchive, BUNDLE_MAX_UPLOAD_BYTES);
      if (bytes.length > cap) return refuse('too_large', hostMessage('bundle.uploadTooLarge', { max: Math.round(cap / 1048576) }));
      scratch = await store.scratch('incoming');
      await fs.writeFile(scratch, bytes, { mode: 0o600 });
      signaturePath = scratch;
    }
    try {
      const opened = openBundle(bytes, limits, platform);
      if ('refused' in opened) return refuse(opened.refused, opened.text);
      return ok({ opened, signature: await readSignature(signaturePath) });
    } finally {
      if (scratch) await fs.rm(scratch, { force: true });
    }
  }

  async function installedEntry(name: string): Promise<Result<ServerView | undefined>> {
    const list = await deps.servers['servers.list']({});
    if (!list.ok) return list;
    const view = list.value.find((server) => server.id === name);
    if (view && view.config.bundle?.name !== name) return refuse('name_taken', hostMessage('bundle.nameTaken', { name }));
    return ok(view);
  }

  return {
    async 'bundles.inspect'({ source }) {
      const loaded = await load(source);
      if (!loaded.ok) return loaded;
      const { manifest } = loaded.value.opened;
      const existing = await installedEntry(manifest.name);
      const installedVersion = existing.ok ? existing.value?.config.bundle?.version : undefined;
      const stored = installedVersion !== undefined ? await store.readValues(manifest.name) : {};
      return ok(previewOf(loaded.value.opened, loaded.value.signature, userConfigFields(manifest, stored), installedVersion));
    },

    async 'bundles.install'({ source, userConfig }) {
      const loaded = await load(source);
      if (!loaded.ok) return loaded;
      const { manifest, entries, files } = loaded.value.opened;
      const existing = await installedEntry(manifest.name);
      if (!existing.ok) return existing;
      const checked = checkUserConfig(manifest, userConfig ?? {}, existing.value ? await store.readValues(manifest.name) : {});
      if ('field' in checked) return hostErr('bundle_refused', checked.text, { field: checked.field, detail: 'missing_config' });

      const folder = store.folder(manifest.name);
      const staging = await store.scratch('staging');
      const previous = existing.value ? await store.scratch('previous') : undefined;
      try {
        await store.unpack(staging, entries, files, manifest.server.entry_point.replace(/\\/g, '/').replace(/^\.\//, ''));
        if (previous) await fs.rename(folder, previous).catch(() => undefined);
        await fs.rm(folder, { recursive: true, force: true });
        await fs.rename(staging, folder);
      } catch (cause) {
        await fs.rm(staging, { recursive: true, force: true });
        if (previous) await fs.rename(previous, folder).catch(() => undefined);
        return hostErr('storage_error', hostMessage('bundle.unpackFailed', { reason: reasonOf(cause) }));
      }

      const launch = launchConfig(manifest, folder, checked.values, platform);
      const config = { ...launch.config, bundle: { name: manifest.name, version: manifest.version } };
      // Sensitive values in arguments go to the secret store before the entry naming them is written (it starts at once).
      try {
        await storeArgSecrets(deps.secrets, manifest.name, launch.argSecrets);
      } catch (cause) {
        await fs.rm(folder, { recursive: true, force: true });
        if (previous) await fs.rename(previous, folder).catch(() => undefined);
        return hostErr('storage_error', hostMessage('bundle.secretStoreFailed', { reason: reasonOf(cause) }));
      }
      const saved = existing.value
        ? await deps.servers['servers.update']({ id: manifest.name, config })
        : await deps.servers['servers.add']({ name: manifest.name, config });
      if (!saved.ok) {
        // A new entry that was not saved leaves no stored argument value behind (an update keeps the entry that names them).
        if (!existing.value && saved.error.code !== 'already_exists') await deleteSecrets(deps.secrets, manifest.name, launch.config).catch(() => undefined);
        await fs.rm(folder, { recursive: true, force: true });
        if (previous) await fs.rename(previous, folder).catch(() => undefined);
        return saved;
      }
      if (previous) await fs.rm(previous, { recursive: true, force: true });
      const sensitive = new Set(Object.entries(manifest.user_config ?? {}).flatMap(([key, option]) => (option.sensitive ? [key] : [])));
      await store.saveValues(manifest.name, checked.values, sensitive);
      // An update may keep the same command line: restart so the new files run.
      if (existing.value && saved.value.config.enabled !== false) await deps.servers['servers.restart']({ id: manifest.name });
      deps.logger.info(`bundle ${manifest.name} ${manifest.version} installed`);
      return saved;
    },

    async 'bundles.uninstall'({ id }) {
      const list = await deps.servers['servers.list']({});
      if (!list.ok) return list;
      const view = list.value.find((server) => server.id === id);
      const marker = view?.config.bundle;
      if (!view || !marker) return hostErr('not_found', hostMessage('bundle.notInstalled', { name: id }));
      const removed = await deps.servers['servers.remove']({ id });
      if (!removed.ok) return removed;
      await store.remove(marker.name);
      return ok(null);
    },
  };
}
