/** Pure edits of servers-file entries that keep whatever the user wrote that Switchboard does not know about. */
import { hostErr, ok, type Result } from '../../../shared/errors.ts';
import { isRecord, validateServerEntry, validateServerName } from '../../../shared/importConfig.ts';
import { ownValue, recordFrom } from '../../../shared/ownRecord.ts';
import { entryProblem } from '../../../shared/entryProblems.ts';
import { hostMessage } from '../../../shared/hostMessages.ts';
import type { ServerConfig, ToolSettings } from '../../../shared/serverConfig.ts';
import type { ManagedServer } from './types.ts';

/** Every field Switchboard's schema knows; anything else in an entry is carried along untouched. */
const knownKeys = new Set(['type', 'command', 'args', 'env', 'cwd', 'url', 'headers', 'oauth', 'enabled', 'connectTimeoutMs',
  'toolTimeoutMs', 'trustReadOnlyHints', 'tools', 'secretEnv', 'secretHeaders', 'secretArgs']);

/** Validates each entry: a valid config, or the problem naming the field (such entries are listed, never started). */
export function toManagedServers(entries: ReadonlyMap<string, unknown>): ManagedServer[] {
  return [...entries].map(([id, raw]) => toManagedServer(id, raw));
}

/** Validates one entry under its name. */
export function toManagedServer(id: string, raw: unknown): ManagedServer {
  const name = validateServerName(id);
  if (!name.ok) return { id, invalid: { message: name.message, field: 'name', text: name.text } };
  if (name.name !== id) return { id, invalid: entryProblem(hostMessage('entry.nameSpaces'), 'name') };
  const checked = validateServerEntry(raw);
  if (checked.ok) return { id, config: checked.config };
  return { id, invalid: { message: checked.message, text: checked.text, ...(checked.field ? { field: checked.field } : {}) } };
}

/**
 * The best config the UI can show for an entry that failed validation, so the user can fix it in the form:
 * fields with the right type are kept, others are left out.
 */
export function lenientConfig(raw: unknown): ServerConfig {
  const entry = isRecord(raw) ? raw : {};
  const strings = (value: unknown): Record<string, string> | undefined =>
    isRecord(value) ? recordFrom(Object.entries(value).filter((kv): kv is [string, string] => typeof kv[1] === 'string')) : undefined;
  const shared = {
    ...(typeof entry.enabled === 'boolean' ? { enabled: entry.enabled } : {}),
    ...(typeof entry.trustReadOnlyHints === 'boolean' ? { trustReadOnlyHints: entry.trustReadOnlyHints } : {}),
  };
  if ('url' in entry || (typeof entry.type === 'string' && entry.type !== 'stdio')) {
    const headers = strings(entry.headers);
    return { type: 'http', url: typeof entry.url === 'string' ? entry.url : '', ...(headers ? { headers } : {}), ...shared };
  }
  const env = strings(entry.env);
  const args = Array.isArray(entry.args) ? entry.args.filter((arg): arg is string => typeof arg === 'string') : undefined;
  return {
    command: typeof entry.command === 'string' ? entry.command : '',
    ...(args ? { args } : {}),
    ...(env ? { env } : {}),
    ...(typeof entry.cwd === 'string' ? { cwd: entry.cwd } : {}),
    ...shared,
  };
}

/**
 * The stored entry after the user edited its config: fields we do not know survive, known fields come from the
 * edit; `enabled` and per-tool `tools` settings have their own calls, so an edit that omits them keeps them.
 */
export function mergeEntry(oldRaw: unknown, config: ServerConfig): Record<string, unknown> {
  const old = isRecord(oldRaw) ? oldRaw : {};
  // Entries are built on null-prototype objects so an unknown key named __proto__ is carried along, not lost.
  const merged = recordFrom(Object.entries(old).filter(([key]) => !knownKeys.has(key)));
  if (old.enabled !== undefined && config.enabled === undefined) merged.enabled = old.enabled;
  if (old.tools !== undefined && config.tools === undefined) merged.tools = old.tools;
  return recordFrom([...Object.entries(merged), ...Object.entries(config)]);
}

/** Sets (or with `undefined` removes) one top-level field of an entry; refuses entries that are not objects. */
export function patchEntry(raw: unknown, key: string, value: unknown): Result<Record<string, unknown>> {
  if (!isRecord(raw)) return hostErr('invalid_config', hostMessage('entry.notObjectSettings'));
  const next = recordFrom(Object.entries(raw));
  if (value === undefined) delete next[key];
  else next[key] = value;
  return ok(next);
}

/** Updates one tool's settings under `tools[toolName]`, keeping the other tools and unknown keys. */
export function patchToolSettings(raw: unknown, toolName: string, patch: Partial<ToolSettings>): Result<Record<string, unknown>> {
  if (!isRecord(raw)) return hostErr('invalid_config', hostMessage('entry.notObjectTools'));
  // Tool names come from the server: `tools[name] = ...` on a plain object would drop a tool named __proto__ (so
  // it could never be disabled or denied) and read Object.prototype members for `constructor` or `toString`.
  const tools = recordFrom(isRecord(raw.tools) ? Object.entries(raw.tools) : []);
  const own = ownValue(tools, toolName);
  const current = recordFrom(isRecord(own) ? Object.entries(own) : []);
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) delete current[key];
    else current[key] = value;
  }
  if (Object.keys(current).length === 0) delete tools[toolName];
  else tools[toolName] = current;
  const next = recordFrom(Object.entries(raw));
  next.tools = tools;
  if (Object.keys(tools).length === 0) delete next.tools;
  return ok(next);
}

/** Replaces the entry `oldName` by `newName` -> `raw` at the same position in the file. */
export function replaceEntry(entries: ReadonlyMap<string, unknown>, oldName: string, newName: string, raw: unknown): Map<string, unknown> {
  const next = new Map<string, unknown>();
  for (const [name, value] of entries) {
    if (name === oldName) next.set(newName, raw);
    else next.set(name, value);
  }
  if (!entries.has(oldName)) next.set(newName, raw);
  return next;
}

/** The stored name equal to `name` ignoring case, if any (names differing only in case are refused). */
export function findName(entries: ReadonlyMap<string, unknown>, name: string, except?: string): string | undefined {
  const lower = name.toLowerCase();
  for (const existing of entries.keys()) if (existing !== except && existing.toLowerCase() === lower) return existing;
  return undefined;
}
