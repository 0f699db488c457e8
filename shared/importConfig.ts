/**
 * Server entries from other apps' config files (Claude Desktop, Cursor, VS Code, a bare name -> entry map):
 * validation naming the field at fault, conversion to Switchboard's stored shape, preview, and a plan for applying
 * the user's explicit per-entry decisions. Pure: the renderer uses it too.
 */
import { type AppError, type ErrorCode, hostErr, hostError } from './errors.ts';
import { describeIssue, entryProblem, issueText, type EntryProblem } from './entryProblems.ts';
import { englishOf, hostMessage, type HostMessage } from './hostMessages.ts';
import { httpServerConfigSchema, serverNameSchema, stdioServerConfigSchema, type ServerConfig } from './serverConfig.ts';
import type { ImportDecision, ImportEntry, ImportOutcome, ImportPreview } from './servers.ts';
import { parseJsonc, type JsonProblem } from './importConfigJson.ts';
import { recordFrom } from './ownRecord.ts';
import { mcpServersFormat, remoteUrlOf } from './importFormat.ts';

export type { EntryProblem } from './entryProblems.ts';

const httpTypes = ['http', 'streamable-http', 'streamableHttp', 'sse'];

/** True for a JSON object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Validates one stored or imported entry; a union error would name no field, so the schema is picked by shape. */
export function validateServerEntry(raw: unknown): { ok: true; config: ServerConfig } | ({ ok: false } & EntryProblem) {
  if (!isRecord(raw)) return { ok: false, ...entryProblem(hostMessage('entry.notObject')) };
  const type = raw.type;
  if (type !== undefined && (typeof type !== 'string' || (type !== 'stdio' && !httpTypes.includes(type)))) {
    return { ok: false, ...entryProblem(hostMessage('entry.unknownType', { type: String(JSON.stringify(type)) }), 'type') };
  }
  const remote = 'url' in raw || (typeof type === 'string' && type !== 'stdio');
  if (!remote && !('command' in raw)) {
    return { ok: false, ...entryProblem(hostMessage('entry.commandMissing'), 'command') };
  }
  const parsed = remote ? httpServerConfigSchema.safeParse({ type: 'http', ...raw }) : stdioServerConfigSchema.safeParse(raw);
  if (parsed.success) return { ok: true, config: parsed.data };
  return { ok: false, ...describeIssue(parsed.error.issues[0]) };
}

/** Checks a server name (the key in `mcpServers`). */
export function validateServerName(name: string): { ok: true; name: string } | ({ ok: false } & EntryProblem) {
  const parsed = serverNameSchema.safeParse(name);
  if (parsed.success) return { ok: true, name: parsed.data };
  // The schema checks the bare string: its issues have no path, and the field is the name.
  const issue = parsed.error.issues[0];
  return { ok: false, ...(issue ? entryProblem(issueText(issue, 'name'), 'name') : entryProblem(hostMessage('entry.invalid'), 'name')) };
}

/** The problem of a failed check, without its `ok`. */
function problemOf(problem: EntryProblem): EntryProblem {
  return { message: problem.message, text: problem.text, ...(problem.field !== undefined ? { field: problem.field } : {}) };
}

/** Fields each supported app writes; anything else is reported as ignored rather than silently dropped. */
const knownFields = new Set(['type', 'command', 'args', 'env', 'cwd', 'url', 'headers', 'oauth', 'enabled', 'disabled',
  'connectTimeoutMs', 'toolTimeoutMs', 'trustReadOnlyHints', 'tools', 'publicEnv', 'publicHeaders']);

/** One entry converted to Switchboard's shape, with what the user should know about the conversion. */
export interface ConvertedEntry {
  name: string;
  config?: ServerConfig;
  error?: EntryProblem;
  /** In English (logs, fallback), and as codes the renderer translates. */
  warnings: string[];
  warningTexts: HostMessage[];
}

/** Converts one foreign entry: Cursor `url` without type, VS Code `type`, `disabled`, numeric env values. */
export function convertEntry(rawName: string, raw: unknown): ConvertedEntry {
  const named = validateServerName(rawName);
  const name = named.ok ? named.name : rawName;
  if (!named.ok) return { name, error: problemOf(named), warnings: [], warningTexts: [] };
  if (!isRecord(raw)) return { name, error: entryProblem(hostMessage('entry.notObject')), warnings: [], warningTexts: [] };

  const warningTexts: HostMessage[] = [];
  const warn = (text: HostMessage): void => {
    warningTexts.push(text);
  };
  const entry: Record<string, unknown> = {};
  const ignored: string[] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (knownFields.has(key)) entry[key] = value;
    else if (key !== 'serverUrl' && key !== 'httpUrl') ignored.push(key);
  }
  // Windsurf and Gemini CLI name the remote address differently; it is the same Streamable HTTP URL.
  if (entry.url === undefined && remoteUrlOf(raw) !== undefined) entry.url = remoteUrlOf(raw);
  if (ignored.length > 0) warn(hostMessage('import.ignoredFields', { fields: ignored.join(', ') }));
  if ('envFile' in raw) warn(hostMessage('import.envFile'));

  if (entry.disabled === true && entry.enabled === undefined) entry.enabled = false;
  delete entry.disabled;
  if (entry.type === 'streamable-http' || entry.type === 'streamableHttp') entry.type = 'http';
  if (entry.type === 'sse') warn(hostMessage('import.legacySse'));
  if (isRecord(entry.env)) entry.env = stringifyValues(entry.env, 'env', warn);
  if (isRecord(entry.headers)) entry.headers = stringifyValues(entry.headers, 'headers', warn);
  if (Array.isArray(entry.args)) entry.args = entry.args.map((arg: unknown) => (typeof arg === 'number' || typeof arg === 'boolean' ? String(arg) : arg));

  const variables = findVariables(entry);
  if (variables.length > 0) {
    warn(hostMessage('import.editorVariables', { variables: variables.join(', ') }));
  }
  const warnings = warningTexts.map(englishOf);
  const checked = validateServerEntry(entry);
  if (!checked.ok) return { name, error: problemOf(checked), warnings, warningTexts };
  return { name, config: checked.config, warnings, warningTexts };
}

/** Env and header values must be strings; numbers and booleans are converted with a note, others fail validation. */
function stringifyValues(values: Record<string, unknown>, field: string, warn: (text: HostMessage) => void): Record<string, unknown> {
  // A null-prototype copy: a variable or header named __proto__ is kept like any other.
  return recordFrom(
    Object.entries(values).map(([key, value]): [string, unknown] => {
      if (typeof value !== 'number' && typeof value !== 'boolean') return [key, value];
      warn(hostMessage('import.stringified', { field: `${field}.${key}`, type: typeof value, value: String(value) }));
      return [key, String(value)];
    }),
  );
}

/** VS Code / Cursor placeholders like `${input:token}`, `${env:HOME}`, `${workspaceFolder}`. */
function findVariables(value: unknown, found = new Set<string>()): string[] {
  if (typeof value === 'string') for (const match of value.matchAll(/\$\{[^}]+\}/g)) found.add(match[0]);
  else if (Array.isArray(value)) for (const item of value) findVariables(item, found);
  else if (isRecord(value)) for (const item of Object.values(value)) findVariables(item, found);
  return [...found];
}

/** A parsed import document: its format, its entries converted one by one, and notes about the whole. */
export interface ParsedImport {
  format: ImportPreview['format'];
  entries: ConvertedEntry[];
  /** Notes as codes; the English is made from them for the preview's `notes`. */
  notes: HostMessage[];
}

/** True when every value looks like a server entry, so a bare `{ name: entry }` map is not a guess. */
function looksLikeServerMap(value: Record<string, unknown>): boolean {
  const entries = Object.values(value);
  return entries.length > 0 && entries.every((entry) => isRecord(entry) && ('command' in entry || 'url' in entry));
}

/** A JSON problem as a host message (empty, or not JSON at a line and column, or not JSON). */
function jsonProblemText(problem: JsonProblem): HostMessage {
  if (problem.reason === undefined) return hostMessage('import.jsonEmpty');
  if (problem.line !== undefined) return hostMessage('import.jsonAt', { line: problem.line, column: problem.column ?? 0, reason: problem.reason });
  return hostMessage('import.jsonBad', { reason: problem.reason });
}

/** Finds the servers in a document and names the format; an error says what was expected. */
export function parseImportDocument(text: string): { ok: true; value: ParsedImport } | { ok: false; error: AppError } {
  const parsed = parseJsonc(text);
  if (!parsed.ok) return hostErr('invalid_config', jsonProblemText(parsed.problem));
  const doc = parsed.value;
  if (!isRecord(doc)) return hostErr('invalid_config', hostMessage('import.notObject'));

  const notes: HostMessage[] = [];
  let format: ImportPreview['format'];
  let servers: unknown;
  const vscodeSettings = isRecord(doc.mcp) && isRecord(doc.mcp.servers) ? doc.mcp : undefined;
  if ('mcpServers' in doc) {
    servers = doc.mcpServers;
    format = mcpServersFormat(doc, servers);
  } else if ('servers' in doc || vscodeSettings) {
    format = 'vscode';
    const holder = vscodeSettings ?? doc;
    servers = holder.servers;
    if (Array.isArray(holder.inputs) && holder.inputs.length > 0) {
      notes.push(hostMessage('import.vscodeInputs', { count: holder.inputs.length }));
    }
  } else if ('command' in doc || 'url' in doc) {
    return hostErr('invalid_config', hostMessage('import.singleEntry'));
  } else if (looksLikeServerMap(doc)) {
    format = 'unknown';
    servers = doc;
  } else {
    return hostErr('invalid_config', hostMessage('import.noServers'));
  }
  if (!isRecord(servers)) {
    const key = format === 'vscode' ? 'servers' : 'mcpServers';
    return hostErr('invalid_config', hostMessage('import.notAMap', { key }), { field: key });
  }
  const entries = Object.entries(servers).map(([name, raw]) => convertEntry(name, raw));
  if (entries.length === 0) notes.push(hostMessage('import.emptyDocument'));
  return { ok: true, value: { format, entries, notes } };
}

/** Finds an existing name equal to `name` ignoring case (two servers "GitHub" and "github" would only confuse). */
export function findClash(name: string, existing: Iterable<string>): string | undefined {
  const lower = name.toLowerCase();
  for (const candidate of existing) if (candidate.toLowerCase() === lower) return candidate;
  return undefined;
}

/** The preview shown before anything is written: per-entry errors and clashes with existing servers. */
export function previewImport(parsed: ParsedImport, existingNames: readonly string[]): ImportPreview {
  const entries: ImportEntry[] = parsed.entries.map((entry) => ({
    name: entry.name,
    clash: findClash(entry.name, existingNames) !== undefined,
    ...(entry.config ? { config: entry.config } : {}),
    ...(entry.error ? { error: entry.error } : {}),
    ...(entry.warnings.length > 0 ? { warnings: entry.warnings, warningTexts: entry.warningTexts } : {}),
  }));
  return { format: parsed.format, entries, ...(parsed.notes.length > 0 ? { notes: parsed.notes.map(englishOf), noteTexts: parsed.notes } : {}) };
}

/** One change an import will write: add `name`, or replace the existing server `replaces`. */
export interface ImportChange {
  name: string;
  config: ServerConfig;
  /** The existing server this entry replaces (its stored name, which may differ in case). */
  replaces?: string;
}

/** What applying the decisions would write, and the outcome to report once it is written. */
export interface ImportPlan {
  changes: ImportChange[];
  outcome: ImportOutcome;
}

/**
 * Turns explicit decisions into changes. Nothing is overwritten without a `replace`: an `add` that clashes fails
 * as `already_exists`. Entries without a decision are skipped.
 */
export function planImport(parsed: ParsedImport, decisions: readonly ImportDecision[], existingNames: readonly string[]): ImportPlan {
  const outcome: ImportOutcome = { added: [], replaced: [], skipped: [], failed: [] };
  const changes: ImportChange[] = [];
  const taken = [...existingNames];
  const byName = new Map(parsed.entries.map((entry) => [entry.name, entry]));
  const decided = new Set<string>();
  // Each failure carries its sentence as a code (`text`) so the import dialog says it in the user's language.
  const fail = (name: string, code: ErrorCode, text: HostMessage, field?: string) => outcome.failed.push({ name, error: hostError(code, text, field !== undefined ? { field } : {}) });

  for (const decision of decisions) {
    const entry = byName.get(decision.name) ?? byName.get(decision.name.trim());
    if (!entry) {
      fail(decision.name, 'not_found', hostMessage('importApply.notInDocument', { name: decision.name }));
      continue;
    }
    if (decided.has(entry.name)) {
      fail(entry.name, 'invalid_params', hostMessage('importApply.twoDecisions', { name: entry.name }));
      continue;
    }
    decided.add(entry.name);
    if (decision.action === 'skip') {
      outcome.skipped.push(entry.name);
      continue;
    }
    if (!entry.config) {
      const problem = entry.error ?? entryProblem(hostMessage('entry.invalid'));
      fail(entry.name, 'invalid_config', problem.text, problem.field);
      continue;
    }
    let target = entry.name;
    if (decision.action === 'rename') {
      const renamed = validateServerName(decision.newName ?? '');
      if (decision.newName === undefined || !renamed.ok) {
        fail(entry.name, 'invalid_params', renamed.ok ? hostMessage('importApply.newNameRequired') : renamed.text, 'newName');
        continue;
      }
      target = renamed.name;
    }
    const clash = findClash(target, taken);
    if (decision.action === 'replace' && clash !== undefined) {
      // A server added earlier in this same import is not "existing": replacing it would lose that entry silently.
      if (!existingNames.includes(clash) || changes.some((change) => change.replaces === clash)) {
        fail(entry.name, 'already_exists', hostMessage('importApply.takenInImport', { name: clash }));
        continue;
      }
      changes.push({ name: clash, config: entry.config, replaces: clash });
      outcome.replaced.push(clash);
      continue;
    }
    if (clash !== undefined) {
      fail(entry.name, 'already_exists', hostMessage('importApply.exists', { name: clash }), decision.action === 'rename' ? 'newName' : 'name');
      continue;
    }
    changes.push({ name: target, config: entry.config });
    taken.push(target);
    outcome.added.push(target);
  }
  for (const entry of parsed.entries) if (!decided.has(entry.name)) outcome.skipped.push(entry.name);
  return { changes, outcome };
}
