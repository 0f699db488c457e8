/**
 * Server secrets in the secret store (decision 010): an env variable listed in `secretEnv` (a header in
 * `secretHeaders`) has its value under `server:<name>:env:<VAR>` (`server:<name>:header:<Name>`), never in
 * servers.json. Requests carry the value in the ordinary record; these helpers take it out, store, move, delete and
 * resolve it when the server is launched.
 */
import { err, ok, type Result } from '../../../shared/errors.ts';
import { isHttpConfig, type ServerConfig } from '../../../shared/serverConfig.ts';
import type { SecretStore } from '../environment.ts';
import { SECRET_MASK } from './serversFileMask.ts';

/** `env` for stdio servers, `header` for remote ones. */
type SecretKind = 'env' | 'header';

const kindOf = (config: ServerConfig): SecretKind => (isHttpConfig(config) ? 'header' : 'env');

/** The names whose values live in the secret store. */
export function storedSecretNames(config: ServerConfig): string[] {
  return (isHttpConfig(config) ? config.secretHeaders : config.secretEnv) ?? [];
}

/** The secret store key of one value. */
export function serverSecretKey(server: string, kind: SecretKind, name: string): string {
  return `server:${server}:${kind}:${name}`;
}

const recordOf = (config: ServerConfig): Record<string, string> | undefined => (isHttpConfig(config) ? config.headers : config.env);

function withRecord(config: ServerConfig, record: Record<string, string>): ServerConfig {
  const value = Object.keys(record).length > 0 ? record : undefined;
  if (isHttpConfig(config)) {
    const { headers: _drop, ...rest } = config;
    return value ? { ...rest, headers: value } : rest;
  }
  const { env: _drop, ...rest } = config;
  return value ? { ...rest, env: value } : rest;
}

/** A config as it came from the renderer, split: the config to save (secret values taken out) and the new values typed. */
export interface TakenSecrets {
  config: ServerConfig;
  /** Name -> value the user typed; a name whose value came back as the mask (unchanged) is not here. */
  values: Map<string, string>;
}

/** Takes the values of `secretEnv` / `secretHeaders` names out of the record; a mask means "keep what is stored". */
export function takeSecrets(config: ServerConfig): TakenSecrets {
  const names = new Set(storedSecretNames(config));
  const values = new Map<string, string>();
  if (names.size === 0) return { config, values };
  const rest: Record<string, string> = {};
  for (const [name, value] of Object.entries(recordOf(config) ?? {})) {
    if (!names.has(name)) rest[name] = value;
    else if (!value.includes(SECRET_MASK)) values.set(name, value);
  }
  return { config: withRecord(config, rest), values };
}

/** Writes the typed values under `server`. */
export async function storeSecrets(store: SecretStore, server: string, config: ServerConfig, values: ReadonlyMap<string, string>): Promise<void> {
  const kind = kindOf(config);
  for (const [name, value] of values) await store.set(serverSecretKey(server, kind, name), value);
}

/** Copies stored values of `config`'s secret names from one server name to another (a rename), except those in `skip`. */
export async function copySecrets(store: SecretStore, from: string, to: string, config: ServerConfig, skip: ReadonlyMap<string, string>): Promise<void> {
  const kind = kindOf(config);
  for (const name of storedSecretNames(config)) {
    if (skip.has(name)) continue;
    const value = await store.get(serverSecretKey(from, kind, name));
    if (value !== undefined) await store.set(serverSecretKey(to, kind, name), value);
  }
}

/** Forgets the stored values of `config`'s secret names under `server`, except the names in `keep`. */
export async function deleteSecrets(store: SecretStore, server: string, config: ServerConfig, keep: readonly string[] = []): Promise<void> {
  const kind = kindOf(config);
  const kept = new Set(keep);
  for (const name of storedSecretNames(config)) if (!kept.has(name)) await store.delete(serverSecretKey(server, kind, name));
}

/**
 * The config a launch uses: each secret name's value read from the store into the env (or headers). A value already in
 * the record (a test of unsaved values) wins. A missing one fails with `invalid_config`, naming the field.
 */
export async function resolveSecrets(store: SecretStore, server: string, config: ServerConfig): Promise<Result<ServerConfig>> {
  const names = storedSecretNames(config);
  if (names.length === 0) return ok(config);
  const kind = kindOf(config);
  const record = { ...recordOf(config) };
  for (const name of names) {
    if (Object.prototype.hasOwnProperty.call(record, name)) continue;
    const value = await store.get(serverSecretKey(server, kind, name)).catch(() => undefined);
    const field = `${kind === 'env' ? 'env' : 'headers'}.${name}`;
    if (value === undefined) return err('invalid_config', `${field}: the value is not in the secret store; edit the server and type it again`, { field });
    record[name] = value;
  }
  return ok(withRecord(config, record));
}

/** The config with typed values put back in its record (for a launch that must not read the store, like a test). */
export function withTypedSecrets(config: ServerConfig, values: ReadonlyMap<string, string>): ServerConfig {
  if (values.size === 0) return config;
  return withRecord(config, { ...recordOf(config), ...Object.fromEntries(values) });
}

/** The typed values that differ from what is stored under `server` (a changed secret restarts the server). */
export async function changedSecrets(store: SecretStore, server: string, config: ServerConfig, values: ReadonlyMap<string, string>): Promise<string[]> {
  const kind = kindOf(config);
  const changed: string[] = [];
  for (const [name, value] of values) if ((await store.get(serverSecretKey(server, kind, name))) !== value) changed.push(name);
  return changed;
}
