/**
 * The add/edit server form as data: the editable state, conversion to and from a ServerConfig, and field-by-field
 * validation that names each problem with an i18n key (the host validates again; its field errors map back here).
 */
import { isHttpConfig, serverNameSchema, type HttpServerConfig, type LogLevel, type ProtocolChoice, type ServerConfig, type StdioServerConfig } from '../../../../../shared/serverConfig.ts';
import { checkOAuth, emptyOAuthForm, oauthFormFromConfig, oauthFromForm, type OAuthFormState } from './oauthForm.ts';

/** One key/value row (environment variable or HTTP header). */
export interface Pair {
  key: string;
  value: string;
  /** The user marked this value as not secret: shown in the clear in the list (every other value is masked). */
  public?: boolean;
  /** The value is kept in the secret store (decision 010): the row shows the mask until the user types a new one. */
  stored?: boolean;
}

/** Everything the form edits. Fields of the other transport are kept so switching back loses nothing. */
export interface ServerFormState {
  name: string;
  transport: 'stdio' | 'http';
  command: string;
  args: string[];
  env: Pair[];
  cwd: string;
  url: string;
  /** The HTTP `type` as stored (http, streamable-http, sse...). */
  httpType: HttpServerConfig['type'];
  headers: Pair[];
  /** Sign-in settings of a remote server (a client registered by hand). */
  oauth: OAuthFormState;
  /** Connect timeout in seconds, as typed. */
  connectTimeout: string;
  /** Tool call timeout in seconds, as typed. */
  toolTimeout: string;
  /** Folders offered to the server as roots (absolute paths, one per row). */
  roots: string[];
  /** Answer the server's sampling requests without asking. */
  allowSampling: boolean;
  /** Protocol revision: auto or a pin. */
  protocol: ProtocolChoice;
  /** Least severe server log message wanted. */
  logLevel: LogLevel;
}

/** Field path -> i18n key (namespace `servers`) with interpolation values. */
export type FormErrors = Record<string, { key: string; values?: Record<string, string | number> }>;

/** A blank form for a new stdio server. */
export function emptyForm(): ServerFormState {
  return { name: '', transport: 'stdio', command: '', args: [], env: [], cwd: '', url: '', httpType: 'http', headers: [], oauth: emptyOAuthForm(), connectTimeout: '', toolTimeout: '', roots: [], allowSampling: false, protocol: 'auto', logLevel: 'info' };
}

const toPairs = (record: Record<string, string> | undefined, publicNames: string[] | undefined, caseless = false, storedNames: string[] = []): Pair[] => {
  const fold = (name: string) => (caseless ? name.toLowerCase() : name);
  const shown = new Set((publicNames ?? []).map(fold));
  const stored = new Set(storedNames);
  return Object.entries(record ?? {}).map(([key, value]) => ({ key, value, ...(shown.has(fold(key)) ? { public: true } : {}), ...(stored.has(key) ? { stored: true } : {}) }));
};
const seconds = (ms: number | undefined): string => (ms === undefined ? '' : String(ms / 1000));

/** The form state of an existing server. */
export function formFromConfig(name: string, config: ServerConfig): ServerFormState {
  const base = { ...emptyForm(), name, connectTimeout: seconds(config.connectTimeoutMs), toolTimeout: seconds(config.toolTimeoutMs), roots: config.roots ?? [], allowSampling: config.allowSampling === true, protocol: config.protocol ?? 'auto', logLevel: config.logLevel ?? 'info' };
  if (isHttpConfig(config)) return { ...base, transport: 'http', url: config.url, httpType: config.type, headers: toPairs(config.headers, config.publicHeaders, true, config.secretHeaders), oauth: oauthFormFromConfig(config.oauth) };
  return { ...base, transport: 'stdio', command: config.command, args: config.args ?? [], env: toPairs(config.env, config.publicEnv, false, config.secretEnv), cwd: config.cwd ?? '' };
}

const envKey = /^[A-Za-z_][A-Za-z0-9_]*$/;
const headerName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/** True for /abs, C:\abs, C:/abs and \\server\share. */
export function isAbsolutePath(path: string): boolean {
  return path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith('\\\\');
}

function checkPairs(pairs: Pair[], field: 'env' | 'headers', errors: FormErrors): void {
  const seen = new Set<string>();
  pairs.forEach((pair, index) => {
    const key = pair.key.trim();
    if (!key && !pair.value) return; // An empty row is ignored on save.
    const at = `${field}.${index}.key`;
    if (!key) errors[at] = { key: 'form.errors.keyRequired' };
    else if (field === 'env' && !envKey.test(key)) errors[at] = { key: 'form.errors.envKey' };
    else if (field === 'headers' && !headerName.test(key)) errors[at] = { key: 'form.errors.headerName' };
    else if (seen.has(field === 'headers' ? key.toLowerCase() : key)) errors[at] = { key: 'form.errors.duplicateKey', values: { key } };
    seen.add(field === 'headers' ? key.toLowerCase() : key);
  });
}

function checkTimeout(value: string, field: string, min: number, max: number, errors: FormErrors): void {
  if (value.trim() === '') return;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || n > max) errors[field] = { key: 'form.errors.timeout', values: { min, max } };
}

/** Validates every field; an empty result means the form can be saved or tested. */
export function validateForm(state: ServerFormState, takenNames: readonly string[]): FormErrors {
  const errors: FormErrors = {};
  const name = state.name.trim();
  const parsedName = serverNameSchema.safeParse(state.name);
  if (!name) errors.name = { key: 'form.errors.nameRequired' };
  else if (!parsedName.success) errors.name = { key: 'form.errors.nameTooLong' };
  else if (takenNames.some((n) => n.toLowerCase() === name.toLowerCase())) errors.name = { key: 'form.errors.nameTaken', values: { name } };

  if (state.transport === 'stdio') {
    if (!state.command.trim()) errors.command = { key: 'form.errors.commandRequired' };
    if (state.cwd.trim() && !isAbsolutePath(state.cwd.trim())) errors.cwd = { key: 'form.errors.cwdAbsolute' };
    checkPairs(state.env, 'env', errors);
  } else {
    const url = parseUrl(state.url.trim());
    if (!state.url.trim()) errors.url = { key: 'form.errors.urlRequired' };
    else if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) errors.url = { key: 'form.errors.urlInvalid' };
    checkPairs(state.headers, 'headers', errors);
    checkOAuth(state.oauth, errors);
  }
  checkTimeout(state.connectTimeout, 'connectTimeout', 1, 600, errors);
  checkTimeout(state.toolTimeout, 'toolTimeout', 1, 86_400, errors);
  state.roots.forEach((root, index) => {
    if (root.trim() && !isAbsolutePath(root.trim())) errors[`roots.${index}`] = { key: 'form.errors.rootAbsolute' };
  });
  return errors;
}

const fromPairs = (pairs: Pair[]): Record<string, string> | undefined => {
  const kept = pairs.filter((p) => p.key.trim() !== '');
  return kept.length ? Object.fromEntries(kept.map((p) => [p.key.trim(), p.value])) : undefined;
};

/** Names of the rows the user marked as not secret, or undefined when none is. */
const publicNames = (pairs: Pair[]): string[] | undefined => {
  const names = pairs.filter((p) => p.public === true && p.key.trim() !== '').map((p) => p.key.trim());
  return names.length ? names : undefined;
};

/** Names of the rows kept in the secret store (a row made public leaves it), or undefined when none is. */
const storedNames = (pairs: Pair[]): string[] | undefined => {
  const names = pairs.filter((p) => p.stored === true && p.public !== true && p.key.trim() !== '').map((p) => p.key.trim());
  return names.length ? names : undefined;
};

const ms = (value: string): number | undefined => (value.trim() === '' ? undefined : Math.round(Number(value) * 1000));

/**
 * The config to save. Settings the form does not show (per-tool choices, enabled, trust) are carried over from
 * `previous`, so editing a command never resets the user's tool approvals.
 */
export function configFromForm(state: ServerFormState, previous?: ServerConfig): ServerConfig {
  const keep = previous
    ? {
        ...(previous.enabled !== undefined ? { enabled: previous.enabled } : {}),
        ...(previous.trustReadOnlyHints !== undefined ? { trustReadOnlyHints: previous.trustReadOnlyHints } : {}),
        ...(previous.tools ? { tools: previous.tools } : {}),
      }
    : {};
  const connectTimeoutMs = ms(state.connectTimeout);
  const toolTimeoutMs = ms(state.toolTimeout);
  const roots = state.roots.map((root) => root.trim()).filter((root) => root !== '');
  // Client features ride with the timeouts: the same on both transports.
  const timeouts = {
    ...(connectTimeoutMs !== undefined ? { connectTimeoutMs } : {}),
    ...(toolTimeoutMs !== undefined ? { toolTimeoutMs } : {}),
    ...(roots.length ? { roots } : {}),
    ...(state.allowSampling ? { allowSampling: true } : {}),
    // Defaults are left out of the file, so it stays as the user wrote it.
    ...(state.protocol !== 'auto' ? { protocol: state.protocol } : {}),
    ...(state.logLevel !== 'info' ? { logLevel: state.logLevel } : {}),
  };
  if (state.transport === 'http') {
    const headers = fromPairs(state.headers);
    const publicHeaders = publicNames(state.headers);
    const secretHeaders = storedNames(state.headers);
    const oauth = oauthFromForm(state.oauth, previous && isHttpConfig(previous) ? previous.oauth : undefined);
    const config: HttpServerConfig = { type: state.httpType, url: state.url.trim(), ...(headers ? { headers } : {}), ...(publicHeaders ? { publicHeaders } : {}), ...(secretHeaders ? { secretHeaders } : {}), ...(oauth ? { oauth } : {}), ...keep, ...timeouts };
    return config;
  }
  const env = fromPairs(state.env);
  const args = state.args.filter((a, i) => a !== '' || i < state.args.length - 1);
  const config: StdioServerConfig = {
    command: state.command.trim(),
    ...(args.length ? { args } : {}),
    ...(env ? { env } : {}),
    ...(publicNames(state.env) ? { publicEnv: publicNames(state.env) } : {}),
    ...(storedNames(state.env) ? { secretEnv: storedNames(state.env) } : {}),
    // The form shows `${secret:NAME}` placeholders as arguments; the values behind them stay where they are.
    ...(previous && !isHttpConfig(previous) && previous.secretArgs ? { secretArgs: previous.secretArgs } : {}),
    ...(state.cwd.trim() ? { cwd: state.cwd.trim() } : {}),
    ...keep,
    ...timeouts,
  };
  return config;
}

/**
 * Maps a host error's field ('config.command', 'name', 'env.API_KEY', 'headers.Authorization', 'args.2') to a form
 * field path, so the host's verdict shows next to the field it is about.
 */
export function formFieldOf(field: string | undefined, state: ServerFormState): string | undefined {
  if (!field) return undefined;
  const path = field.replace(/^config\./, '');
  const [head, rest] = [path.split('.')[0] ?? '', path.split('.').slice(1).join('.')];
  if (head === 'env' || head === 'headers') {
    const pairs = head === 'env' ? state.env : state.headers;
    const index = pairs.findIndex((p) => p.key.trim() === rest);
    return index >= 0 ? `${head}.${index}.value` : head;
  }
  if (head === 'args') return rest ? `args.${rest}` : 'args';
  if (head === 'roots') return rest ? `roots.${rest}` : undefined;
  if (head === 'oauth') return ['clientId', 'clientSecret', 'scopes', 'callbackPort'].includes(rest) ? `oauth.${rest}` : undefined;
  if (['name', 'command', 'cwd', 'url'].includes(head)) return head;
  if (head === 'connectTimeoutMs') return 'connectTimeout';
  if (head === 'toolTimeoutMs') return 'toolTimeout';
  return undefined;
}

/**
 * Splits a pasted command line ("npx -y pkg /path") into words, honouring quotes, so people can paste what a README
 * says into the command field. Returns undefined when quotes do not close.
 */
export function splitCommandLine(line: string): string[] | undefined {
  const words: string[] = [];
  let current = '';
  let quote: '"' | "'" | undefined;
  let inWord = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i] ?? '';
    if (quote) {
      if (ch === quote) quote = undefined;
      else if (ch === '\\' && quote === '"' && (line[i + 1] === '"' || line[i + 1] === '\\')) current += line[++i] ?? '';
      else current += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      inWord = true;
    } else if (/\s/.test(ch)) {
      if (inWord) words.push(current);
      current = '';
      inWord = false;
    } else {
      current += ch;
      inWord = true;
    }
  }
  if (quote) return undefined;
  if (inWord) words.push(current);
  return words;
}
