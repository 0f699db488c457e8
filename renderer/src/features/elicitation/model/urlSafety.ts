/**
 * Looks at a URL a server wants the user to open, without fetching it: splits it so the host can be highlighted and
 * names what should make the user pause (not https, punycode, mixed scripts, credentials before the host).
 */

/** A reason to look twice at a URL. */
export type UrlWarning = 'invalid' | 'notHttps' | 'punycode' | 'mixedScript' | 'userinfo';

/** A URL split for display, with the warnings that apply. */
export interface UrlReview {
  /** True when the URL parsed and uses http or https (the only schemes we offer to open). */
  openable: boolean;
  /** What comes before the host: scheme, `//`, and any `user@`. */
  prefix: string;
  /** The host as a person reads it (Unicode), with its port. */
  host: string;
  /** The host as the browser will resolve it (ASCII / punycode), when it differs from `host`. */
  asciiHost?: string;
  /** Path, query and fragment. */
  rest: string;
  warnings: UrlWarning[];
}

/** Reviews a URL string. */
export function reviewUrl(raw: string): UrlReview {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { openable: false, prefix: '', host: raw, rest: '', warnings: ['invalid'] };
  }
  const warnings: UrlWarning[] = [];
  const web = url.protocol === 'https:' || url.protocol === 'http:';
  if (url.protocol !== 'https:') warnings.push('notHttps');
  if (url.username || url.password) warnings.push('userinfo');
  const labels = url.hostname.split('.');
  const unicodeLabels = labels.map((label) => (label.toLowerCase().startsWith('xn--') ? (decodePunycode(label.slice(4)) ?? label) : label));
  if (labels.some((l) => l.toLowerCase().startsWith('xn--'))) warnings.push('punycode');
  if (unicodeLabels.some(isMixedScript)) warnings.push('mixedScript');
  const unicodeHost = unicodeLabels.join('.');
  const port = url.port ? `:${url.port}` : '';
  const userinfo = url.username || url.password ? `${url.username}${url.password ? ':***' : ''}@` : '';
  const host = `${unicodeHost}${port}`;
  return {
    openable: web && url.hostname !== '',
    prefix: `${url.protocol}//${userinfo}`,
    host,
    ...(unicodeHost !== url.hostname ? { asciiHost: `${url.hostname}${port}` } : {}),
    rest: `${url.pathname === '/' && !url.search && !url.hash ? '' : url.pathname}${url.search}${url.hash}`,
    warnings,
  };
}

// Scripts that are normally written together count as one (Japanese, Korean with Hanja).
const SCRIPTS: [string, RegExp][] = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['Devanagari', /\p{Script=Devanagari}/u],
  ['Thai', /\p{Script=Thai}/u],
  ['Georgian', /\p{Script=Georgian}/u],
  ['CJK', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}]/u],
];

/** True when one domain label mixes letters of different scripts (e.g. Latin "a" next to Cyrillic "а"). */
export function isMixedScript(label: string): boolean {
  const seen = new Set<string>();
  for (const char of label) {
    const script = SCRIPTS.find(([, re]) => re.test(char));
    if (script) seen.add(script[0]);
    else if (/\p{L}/u.test(char)) seen.add('Other');
    if (seen.size > 1) return true;
  }
  return false;
}

// RFC 3492 parameters.
const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 128;

function adapt(delta: number, points: number, first: boolean): number {
  let d = first ? Math.floor(delta / DAMP) : delta >> 1;
  d += Math.floor(d / points);
  let k = 0;
  while (d > ((BASE - T_MIN) * T_MAX) >> 1) {
    d = Math.floor(d / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * d) / (d + SKEW));
}

function digitOf(code: number): number {
  if (code >= 48 && code <= 57) return code - 22; // 0-9 -> 26-35
  if (code >= 65 && code <= 90) return code - 65; // A-Z
  if (code >= 97 && code <= 122) return code - 97; // a-z
  return BASE;
}

/** Decodes the part of a punycode label after `xn--`; undefined when it is not valid punycode. */
export function decodePunycode(input: string): string | undefined {
  const output: number[] = [];
  const lastDash = input.lastIndexOf('-');
  for (let j = 0; j < Math.max(lastDash, 0); j++) {
    const code = input.charCodeAt(j);
    if (code >= 0x80) return undefined;
    output.push(code);
  }
  let n = INITIAL_N;
  let bias = INITIAL_BIAS;
  let i = 0;
  for (let pos = lastDash > 0 ? lastDash + 1 : 0; pos < input.length; ) {
    const oldI = i;
    let w = 1;
    for (let k = BASE; ; k += BASE) {
      if (pos >= input.length) return undefined;
      const digit = digitOf(input.charCodeAt(pos++));
      if (digit >= BASE) return undefined;
      i += digit * w;
      const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < t) break;
      w *= BASE - t;
      if (!Number.isSafeInteger(i) || !Number.isSafeInteger(w)) return undefined;
    }
    const length = output.length + 1;
    bias = adapt(i - oldI, length, oldI === 0);
    n += Math.floor(i / length);
    i %= length;
    if (n > 0x10ffff) return undefined;
    output.splice(i, 0, n);
    i++;
  }
  return String.fromCodePoint(...output);
}
