/**
 * Secrets stay in servers.json (the user put them there) but never reach the renderer: every env and header value
 * (except those the user marked as not secret in `publicEnv` / `publicHeaders`), URL query parameters and `--token value`
 * arguments whose names look secret, and the OAuth client secret, are masked in the server list, and a config sent back
 * with the mask untouched keeps the stored value.
 */
import { hostErr, ok, type Result } from '../../../shared/errors.ts';
import { hostMessage } from '../../../shared/hostMessages.ts';
import { ownValue } from '../../../shared/ownRecord.ts';
import { isHttpConfig, type ServerConfig } from '../../../shared/serverConfig.ts';

/** What a hidden value looks like in the renderer. */
export const SECRET_MASK = '••••••••';

/** Names of env variables, headers, query parameters and flags whose values are treated as secrets. */
const secretName = /key|token|secret|passw|pwd|credential|auth|cookie|session|private|signature|bearer/i;

/** True when a variable, header or parameter of this name probably holds a secret. */
export function looksSecret(name: string): boolean {
  return secretName.test(name);
}

/** Hides a value; the auth scheme (`Bearer`, `Basic`...) stays visible because it helps and is not secret. */
export function maskValue(value: string): string {
  if (value === '') return value;
  const scheme = /^(Bearer|Basic|Token|Bot|Digest)\s+/i.exec(value);
  return scheme ? `${scheme[0]}${SECRET_MASK}` : SECRET_MASK;
}

/**
 * Hides a secret inside a value whose own name says nothing about it: a URL carrying a key or a password
 * (`DATABASE_URL=postgres://u:pw@...`), or a header written as one argument (mcp-remote's `--header "Authorization: Bearer x"`).
 */
function maskEmbedded(value: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return maskUrl(value);
  const header = /^([A-Za-z0-9_-]+)(\s*:\s*)(\S.*)$/.exec(value);
  if (header?.[1] && header[2] !== undefined && header[3] !== undefined && looksSecret(header[1])) return `${header[1]}${header[2]}${maskValue(header[3])}`;
  return value;
}

/** A named value (env variable, header, flag) as shown: all hidden when its name looks secret, else what it embeds. */
function maskNamed(name: string, value: string): string {
  return looksSecret(name) ? maskValue(value) : maskEmbedded(value);
}

/** Names the user marked as not secret; header names compare in lower case as HTTP does. */
function publicNames(config: ServerConfig): Set<string> {
  return isHttpConfig(config) ? new Set((config.publicHeaders ?? []).map((name) => name.toLowerCase())) : new Set(config.publicEnv ?? []);
}

/** Whether a value of this env variable or header is shown in the clear. */
function isPublic(config: ServerConfig, name: string): boolean {
  return publicNames(config).has(isHttpConfig(config) ? name.toLowerCase() : name);
}

/** Env values and header values are all secret by default, whatever their names: only a public one is shown (minus any password it embeds). */
function maskRecord(values: Record<string, string> | undefined, config: ServerConfig): Record<string, string> | undefined {
  if (!values) return undefined;
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, isPublic(config, name) ? maskEmbedded(value) : maskValue(value)]));
}

/**
 * The values of a config that must never be shown: every masked env and header value (the part after an auth scheme
 * too), the OAuth client secret, and secrets inside URLs and arguments. Values shorter than 6 characters are left out:
 * redacting `1` or `yes` from a log would blank ordinary text.
 */
export function secretValues(config: ServerConfig): string[] {
  const values = new Set<string>();
  const add = (value: string | undefined) => {
    if (value !== undefined && value.length >= 6) values.add(value);
  };
  const record = isHttpConfig(config) ? config.headers : config.env;
  for (const [name, value] of Object.entries(record ?? {})) {
    if (isPublic(config, name)) continue;
    add(value);
    add(/^(?:Bearer|Basic|Token|Bot|Digest)\s+(.+)$/i.exec(value)?.[1]);
  }
  if (isHttpConfig(config)) {
    add(config.oauth?.clientSecret);
    try {
      const url = new URL(config.url);
      add(decodeURIComponent(url.password));
      for (const [name, value] of url.searchParams) if (looksSecret(name)) add(value);
    } catch {
      // An invalid URL never connected, so nothing of it can reach a log.
    }
  } else {
    const args = config.args ?? [];
    const masked = maskArgs(args) ?? [];
    args.forEach((arg, i) => {
      if (masked[i] !== arg) add(/^--?[A-Za-z0-9_.-]+=(.*)$/.exec(arg)?.[1] ?? arg);
    });
  }
  // Longest first, so a value containing a shorter one is replaced whole.
  return [...values].sort((a, b) => b.length - a.length);
}

/** Masks secret-looking query parameters (`?api_key=...`) and any password in the URL's userinfo. */
export function maskUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  let changed = false;
  if (parsed.password) {
    parsed.password = SECRET_MASK;
    changed = true;
  }
  for (const [name, value] of [...parsed.searchParams]) {
    if (looksSecret(name) && value !== '') {
      parsed.searchParams.set(name, SECRET_MASK);
      changed = true;
    }
  }
  // Rebuilding the URL would re-encode the mask; keep it readable.
  return changed ? parsed.toString().replaceAll(encodeURIComponent(SECRET_MASK), SECRET_MASK) : url;
}

/** Replaces every spelling of `url` in `text` (as written, or as the URL parser prints it) by its masked form. */
export function redactUrl(text: string, url: string): string {
  const masked = maskUrl(url);
  if (masked === url) return text;
  let href = url;
  try {
    href = new URL(url).href;
  } catch {
    // Not a URL: only the text as written can appear.
  }
  return text.replaceAll(url, masked).replaceAll(href, masked);
}

/** Masks `--api-key=x`, the value after `--token`, `--password`..., and keyed URLs and secret headers in any argument. */
export function maskArgs(args: string[] | undefined): string[] | undefined {
  if (!args) return undefined;
  return args.map((arg, i) => {
    const inline = /^(--?[A-Za-z0-9_.-]+)=(.*)$/.exec(arg);
    if (inline?.[1] && inline[2] !== undefined) return `${inline[1]}=${maskNamed(inline[1], inline[2])}`;
    const previous = i > 0 ? args[i - 1] : undefined;
    if (previous && /^--?[A-Za-z0-9_.-]+$/.test(previous) && looksSecret(previous) && !arg.startsWith('-')) return maskValue(arg);
    return maskEmbedded(arg);
  });
}

/** A record with each name kept in the secret store (`secretEnv` / `secretHeaders`) listed as the mask. */
function withStoredNames(values: Record<string, string> | undefined, stored: string[] | undefined): Record<string, string> | undefined {
  if (!stored?.length) return values;
  return { ...values, ...Object.fromEntries(stored.map((name) => [name, SECRET_MASK])) };
}

/** The config as the renderer may see it; values kept in the secret store show as the mask. */
export function maskConfig(config: ServerConfig): ServerConfig {
  if (isHttpConfig(config)) {
    const headers = withStoredNames(maskRecord(config.headers, config), config.secretHeaders);
    const oauth = config.oauth?.clientSecret !== undefined ? { ...config.oauth, clientSecret: maskValue(config.oauth.clientSecret) } : config.oauth;
    return { ...config, url: maskUrl(config.url), ...(headers ? { headers } : {}), ...(oauth ? { oauth } : {}) };
  }
  const env = withStoredNames(maskRecord(config.env, config), config.secretEnv);
  const args = maskArgs(config.args);
  return { ...config, ...(env ? { env } : {}), ...(args ? { args } : {}) };
}

/** Keeps the stored value where the incoming one is exactly the mask of it. */
function keep(incoming: string, stored: string | undefined, mask: (value: string) => string): string {
  return stored !== undefined && incoming === mask(stored) ? stored : incoming;
}

/** A value comes back either fully masked or, when it was public (or the user just made it public), with only an embedded password masked. */
function unmaskRecord(incoming: Record<string, string> | undefined, stored: Record<string, string> | undefined) {
  if (!incoming) return undefined;
  return Object.fromEntries(
    // Own entries only: a variable named `toString` must not find Object.prototype's member as its stored value.
    Object.entries(incoming).map(([name, value]) => [name, keep(keep(value, ownValue(stored, name), maskValue), ownValue(stored, name), maskEmbedded)]),
  );
}

/** Puts stored query parameters and password back where the edited URL still carries the mask (path edits allowed). */
function unmaskUrl(incoming: string, stored: string): string {
  if (incoming === maskUrl(stored)) return stored;
  let next: URL;
  let old: URL;
  try {
    next = new URL(incoming.replaceAll(SECRET_MASK, encodeURIComponent(SECRET_MASK)));
    old = new URL(stored);
  } catch {
    return incoming;
  }
  if (decodeURIComponent(next.password) === SECRET_MASK && old.password) next.password = old.password;
  for (const [name, value] of [...next.searchParams]) {
    const previous = old.searchParams.get(name);
    if (value === SECRET_MASK && previous !== null) next.searchParams.set(name, previous);
  }
  const text = next.toString();
  return text.includes(encodeURIComponent(SECRET_MASK)) ? text.replaceAll(encodeURIComponent(SECRET_MASK), SECRET_MASK) : text;
}

/** Finds a mask left in a config, as the field it sits in. */
function leftoverMask(config: ServerConfig): string | undefined {
  const scan = (values: Record<string, string> | undefined) =>
    Object.entries(values ?? {}).find(([, value]) => value.includes(SECRET_MASK))?.[0];
  if (isHttpConfig(config)) {
    if (config.url.includes(SECRET_MASK)) return 'url';
    if (config.oauth?.clientSecret?.includes(SECRET_MASK)) return 'oauth.clientSecret';
    const header = scan(config.headers);
    return header !== undefined ? `headers.${header}` : undefined;
  }
  const env = scan(config.env);
  if (env !== undefined) return `env.${env}`;
  const arg = (config.args ?? []).findIndex((value) => value.includes(SECRET_MASK));
  return arg >= 0 ? `args.${arg}` : undefined;
}

/**
 * Restores stored secrets where the renderer sent the mask back. A mask with nothing stored behind it (e.g. a
 * copied server) is refused, naming the field, rather than saved as the literal bullets.
 */
export function unmaskConfig(incoming: ServerConfig, stored: ServerConfig | undefined): Result<ServerConfig> {
  let restored: ServerConfig;
  if (isHttpConfig(incoming)) {
    const old = stored && isHttpConfig(stored) ? stored : undefined;
    const headers = unmaskRecord(incoming.headers, old?.headers);
    const secret = incoming.oauth?.clientSecret;
    const oauth = incoming.oauth && secret !== undefined ? { ...incoming.oauth, clientSecret: keep(secret, old?.oauth?.clientSecret, maskValue) } : incoming.oauth;
    restored = { ...incoming, url: old ? unmaskUrl(incoming.url, old.url) : incoming.url, ...(headers ? { headers } : {}), ...(oauth ? { oauth } : {}) };
  } else {
    const old = stored && !isHttpConfig(stored) ? stored : undefined;
    const env = unmaskRecord(incoming.env, old?.env);
    const maskedOld = maskArgs(old?.args);
    const args = incoming.args?.map((arg, i) => {
      const previous = old?.args?.[i];
      return previous !== undefined && maskedOld?.[i] === arg ? previous : arg;
    });
    restored = { ...incoming, ...(env ? { env } : {}), ...(args ? { args } : {}) };
  }
  const field = leftoverMask(restored);
  if (field !== undefined) return hostErr('invalid_config', hostMessage('entry.hiddenValue', { field }), { field });
  return ok(restored);
}
