/**
 * Tool names given to the model: `<server>__<tool>`, sanitized to ^[a-zA-Z0-9_-]{1,64}$, length-capped and
 * collision-suffixed, derived only from the set of (server name, tool name) pairs so they survive restarts.
 * Pure (no Node APIs): the renderer uses it too.
 */

/** What every exposed tool name must match (the Anthropic Messages API's rule). */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** Longest exposed name the model API accepts. */
export const MAX_TOOL_NAME_LENGTH = 64;

/** Longest server part, so the tool part keeps most of the room. */
const MAX_SERVER_PART = 24;
/** Between the server part and the tool part. */
const SEPARATOR = '__';
/** Hex digits of a hash suffix; widened only when two suffixes in one name clash. */
const HASH_DIGITS = 4;

/** One tool of one server: the key of the reverse map. */
export interface ToolIdentity {
  serverId: string;
  toolName: string;
}

/** Latin letters that Unicode decomposition leaves whole (đ, ß, æ...). */
const LATIN_EXTRAS: Record<string, string> = {
  đ: 'd', Đ: 'D', ð: 'd', Ð: 'D', ß: 'ss', ẞ: 'SS', æ: 'ae', Æ: 'AE', œ: 'oe', Œ: 'OE',
  ø: 'o', Ø: 'O', ł: 'l', Ł: 'L', þ: 'th', Þ: 'TH', ı: 'i', ħ: 'h', Ħ: 'H',
};

/** FNV-1a (32 bit) over the UTF-16 code units, as hex; small, deterministic, identical in Node and the browser. */
export function shortHash(text: string, digits = HASH_DIGITS): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  let hex = hash.toString(16).padStart(8, '0');
  // Wider suffixes chain a second round so extra digits are not just zero padding.
  while (hex.length < digits) hex += shortHash(`${text}\u0000${hex}`, 8);
  return hex.slice(0, digits);
}

/**
 * Turns any text into [A-Za-z0-9_-]: Vietnamese and other accented Latin lose their marks (Máy chủ -> May_chu),
 * every other run of characters becomes one `_`. `lossy` tells whether letters were dropped outright (CJK, emoji),
 * in which case callers add a hash so different names do not meet.
 */
export function sanitizeNamePart(raw: string): { text: string; lossy: boolean } {
  let lossy = false;
  let out = '';
  const decomposed = raw.normalize('NFKD');
  for (const char of decomposed) {
    if (/^[A-Za-z0-9_-]$/.test(char)) out += char;
    else if (/^\p{M}$/u.test(char)) continue; // combining marks: the accent of an accented letter
    else if (LATIN_EXTRAS[char] !== undefined) out += LATIN_EXTRAS[char];
    else {
      // ASCII punctuation and whitespace are separators; letters of other scripts carry meaning we cannot spell.
      if (/^[\p{L}\p{N}\p{So}]$/u.test(char) && char.charCodeAt(0) > 0x7f) lossy = true;
      out += '_';
    }
  }
  const text = out.replace(/_+/g, '_').replace(/^[_-]+|[_-]+$/g, '');
  return { text, lossy };
}

/** Cuts `text` to `max` characters, marking the cut with a hash of the whole original so long names stay apart. */
function capPart(text: string, lossy: boolean, original: string, max: number, fallback: string): string {
  const hash = shortHash(original);
  if (text === '') return `${fallback}_${hash}`.slice(0, max);
  if (!lossy && text.length <= max) return text;
  const room = max - HASH_DIGITS - 1;
  const head = text.length > room ? text.slice(0, room).replace(/[_-]+$/, '') : text;
  return `${head || fallback.slice(0, room)}_${hash}`;
}

/** The server part of every exposed name of this server. */
export function serverNamePart(serverId: string): string {
  const { text, lossy } = sanitizeNamePart(serverId);
  return capPart(text, lossy, serverId, MAX_SERVER_PART, 'mcp');
}

/** The exposed name before collision handling: `<server part>__<tool part>`, at most 64 characters. */
export function baseToolName(serverId: string, toolName: string): string {
  const server = serverNamePart(serverId);
  const { text, lossy } = sanitizeNamePart(toolName);
  const room = MAX_TOOL_NAME_LENGTH - server.length - SEPARATOR.length;
  return `${server}${SEPARATOR}${capPart(text, lossy, toolName, room, 'tool')}`;
}

/** Appends `_<hash>` to `base`, trimming the base so the result still fits in 64 characters. */
function withSuffix(base: string, suffix: string): string {
  const room = MAX_TOOL_NAME_LENGTH - suffix.length - 1;
  return `${base.slice(0, room).replace(/_+$/, '')}_${suffix}`;
}

/** Compares identities by code units (never locale), so every machine sorts the same way. */
function compareIdentity(a: ToolIdentity, b: ToolIdentity): number {
  if (a.serverId !== b.serverId) return a.serverId < b.serverId ? -1 : 1;
  if (a.toolName !== b.toolName) return a.toolName < b.toolName ? -1 : 1;
  return 0;
}

/** Key of an identity in maps (NUL cannot appear in a configured name or a sane tool name). */
export function identityKey(serverId: string, toolName: string): string {
  return `${serverId}\u0000${toolName}`;
}

/** Both directions between exposed names and the tools they stand for. */
export interface ToolNameMap {
  /** Exposed name of one tool, if it is in the set. */
  exposedName(serverId: string, toolName: string): string | undefined;
  /** The tool behind an exposed name. */
  resolve(exposedName: string): ToolIdentity | undefined;
  /** Every exposed name, in sorted identity order. */
  entries(): { exposedName: string; serverId: string; toolName: string }[];
}

/**
 * Names a whole set of tools. The result depends only on the set, never on the order it arrives in: identities
 * are sorted, and within a group whose base names meet (compared case-insensitively, as some gateways do) the
 * first keeps the plain name while the others get a hash of their own identity as suffix.
 */
export function assignToolNames(tools: Iterable<ToolIdentity>): ToolNameMap {
  const unique = new Map<string, ToolIdentity>();
  for (const tool of tools) unique.set(identityKey(tool.serverId, tool.toolName), { serverId: tool.serverId, toolName: tool.toolName });
  const sorted = [...unique.values()].sort(compareIdentity);

  const groups = new Map<string, { identity: ToolIdentity; base: string }[]>();
  for (const identity of sorted) {
    const base = baseToolName(identity.serverId, identity.toolName);
    const group = groups.get(base.toLowerCase());
    if (group) group.push({ identity, base });
    else groups.set(base.toLowerCase(), [{ identity, base }]);
  }

  // Plain names are reserved first, so a suffixed name can never take one away from a tool that needs no suffix.
  const taken = new Set<string>(groups.keys());
  const byKey = new Map<string, string>();
  const byName = new Map<string, ToolIdentity>();
  const assign = (identity: ToolIdentity, name: string) => {
    byKey.set(identityKey(identity.serverId, identity.toolName), name);
    byName.set(name, identity);
  };
  for (const group of groups.values()) {
    const [first, ...rest] = group;
    if (first) assign(first.identity, first.base);
    for (const { identity, base } of rest) {
      const key = identityKey(identity.serverId, identity.toolName);
      let digits = HASH_DIGITS;
      let name = withSuffix(base, shortHash(key, digits));
      while (taken.has(name.toLowerCase())) {
        digits += 2;
        name = withSuffix(base, shortHash(key, digits));
      }
      taken.add(name.toLowerCase());
      assign(identity, name);
    }
  }

  return {
    exposedName: (serverId, toolName) => byKey.get(identityKey(serverId, toolName)),
    resolve: (exposedName) => byName.get(exposedName),
    entries: () =>
      sorted.map((identity) => ({ exposedName: byKey.get(identityKey(identity.serverId, identity.toolName)) ?? '', ...identity })),
  };
}
