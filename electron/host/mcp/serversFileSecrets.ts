/**
 * Server secrets in the secret store (decision 010): an env variable listed in `secretEnv` (a header in
 * `secretHeaders`) has its value under `server:<name>:env:<VAR>` (`server:<name>:header:<Name>`), never in
 * servers.json. Requests carry the value in the ordinary record; these helpers take it out, store, move, delete and
 * resolve it when the server is launched. An argument value listed in `secretArgs` (a bundle's sensitive option used in
 * its arguments) is under `server:<name>:arg:<NAME>`; the saved argument holds `${secret:NAME}` where it goes.
 */
import { hostErr, ok, type Result } from '../../../shared/errors.ts';
import { hostMessage } from '../../../shared/hostMessages.ts';
import { isHttpConfig, type ServerConfig } from '../../../shared/serverConfig.ts';
import type { SecretStore } from '../environment.ts';
import { SECRET_MASK } from './serversFileMask.ts';

/** `env` for stdio servers, `header` for remote ones; `arg` for a stdio server's argument values. */
type SecretKind = 'env' | 'header' | 'arg';

const kindOf = (config: ServerConfig): SecretKind => (isHttpConfig(config) ? 'header' : 'env');

/** The names whose values live in the secret store. */
export function storedSecretNames(config: ServerConfig): string[] {
  return (isHttpConfig(config) ? config.secretHeaders : config.secretEnv) ?? [];
}

/** The names of argument values kept in the secret store (stdio servers only). */
export function storedArgNames(config: ServerConfig): string[] {
  return isHttpConfig(config) ? [] : (config.secretArgs ?? []);
}

/** What a saved argument holds where the stored value `name` goes. */
export function secretArgPlaceholder(name: string): string {
  return `\${secret:${name}}`;
}

const placeholders = /\$\{secret:([A-Za-z0-9_.-]{1,120})\}/g;

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

/** Writes argument values (a bundle's sensitive options) under `server`, before the entry naming them is saved. */
export async function storeArgSecrets(store: SecretStore, server: string, values: ReadonlyMap<string, string>): Promise<void> {
  for (const [name, value] of values) await store.set(serverSecretKey(server, 'arg', name), value);
}

/** Every stored value `config` names, as kind and name. */
function secretRefs(config: ServerConfig): { kind: SecretKind; name: string }[] {
  const kind = kindOf(config);
  return [...storedSecretNames(config).map((name) => ({ kind, name })), ...storedArgNames(config).map((name) => ({ kind: 'arg' as const, name }))];
}

/** Copies stored values of `config`'s secret names from one server name to another (a rename), except the env/header ones in `skip`. */
export async function copySecrets(store: SecretStore, from: string, to: string, config: ServerConfig, skip: ReadonlyMap<string, string>): Promise<void> {
  for (const { kind, name } of secretRefs(config)) {
    if (kind !== 'arg' && skip.has(name)) continue;
    const value = await store.get(serverSecretKey(from, kind, name));
    if (value !== undefined) await store.set(serverSecretKey(to, kind, name), value);
  }
}

/** Forgets the stored values of `config`'s secret names under `server`, except those `keep` (the config saved now) still names. */
export async function deleteSecrets(store: SecretStore, server: string, config: ServerConfig, keep?: ServerConfig): Promise<void> {
  const kept = new Set(keep ? secretRefs(keep).map(({ kind, name }) => `${kind}:${name}`) : []);
  for (const { kind, name } of secretRefs(config)) if (!kept.has(`${kind}:${name}`)) await store.delete(serverSecretKey(server, kind, name));
}

/** A launch config with its stored values read in, and the argument values among them (redacted from logs: their names say nothing). */
export interface ResolvedSecrets {
  config: ServerConfig;
  argValues: string[];
}

/** Puts each `${secret:NAME}` of `secretArgs` in the arguments, in one pass (a value holding a placeholder stays as it is). */
async function resolveArgs(store: SecretStore, server: string, config: ServerConfig): Promise<Result<ResolvedSecrets>> {
  const names = storedArgNames(config);
  if (names.length === 0 || isHttpConfig(config)) return ok({ config, argValues: [] });
  const values = new Map<string, string>();
  for (const name of names) {
    const value = await store.get(serverSecretKey(server, 'arg', name)).catch(() => undefined);
    if (value === undefined) return hostErr('invalid_config', hostMessage('servers.argSecretMissing', { name }), { field: 'args' });
    values.set(name, value);
  }
  const args = config.args?.map((arg) => arg.replace(placeholders, (whole, name: string) => values.get(name) ?? whole));
  return ok({ config: { ...config, ...(args ? { args } : {}) }, argValues: [...values.values()] });
}

/**
 * The config a launch uses, with the argument values it read: each secret name's value read from the store into the
 * env (or headers, or arguments). A value already in the record (a test of unsaved values) wins. A missing one fails
 * with `invalid_config`, naming the field.
 */
export async function resolveLaunchSecrets(store: SecretStore, server: string, config: ServerConfig): Promise<Result<ResolvedSecrets>> {
  const names = storedSecretNames(config);
  if (names.length === 0) return resolveArgs(store, server, config);
  const kind = kindOf(config);
  const record = { ...recordOf(config) };
  for (const name of names) {
    if (Object.prototype.hasOwnProperty.call(record, name)) continue;
    const value = await store.get(serverSecretKey(server, kind, name)).catch(() => undefined);
    const field = `${kind === 'env' ? 'env' : 'headers'}.${name}`;
    if (value === undefined) return hostErr('invalid_config', hostMessage('servers.secretMissing', { field }), { field });
    record[name] = value;
  }
  return resolveArgs(store, server, withRecord(config, record));
}

/** The stored argument values of `config` under `server` as a redaction list: 6+ characters (shorter ones would blank ordinary text), longest first. */
export async function storedArgRedactions(store: SecretStore, server: string, config: ServerConfig): Promise<string[]> {
  const values: string[] = [];
  for (const name of storedArgNames(config)) {
    const value = await store.get(serverSecretKey(server, 'arg', name)).catch(() => undefined);
    if (value !== undefined && value.length >= 6) values.push(value);
  }
  return values.sort((a, b) => b.length - a.length);
}

/** The config a launch uses (see resolveLaunchSecrets); the same object when it names no stored value. */
export async function resolveSecrets(store: SecretStore, server: string, config: ServerConfig): Promise<Result<ServerConfig>> {
  const resolved = await resolveLaunchSecrets(store, server, config);
  return resolved.ok ? ok(resolved.value.config) : resolved;
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
