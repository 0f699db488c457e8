/**
 * Which server and tool icons the window may show. A server controls its icons, so the window never loads one itself:
 * only raster images (PNG, JPEG, GIF, WebP) pass, as `data:` URLs whose bytes match the declared type, at most
 * 64 KB. SVG is refused (it can carry script and external loads), as are http:, javascript:, file: and anything else.
 * https icons are fetched by the host (iconFetch.ts) under the same rules and handed on as `data:` URLs.
 */

/** Largest icon accepted, in bytes (decoded). */
export const maxIconBytes = 64 * 1024;

/** Raster types the window may show. */
export const allowedIconTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
type IconType = (typeof allowedIconTypes)[number];

/** An icon as a server sends it (`icons` on serverInfo or a tool). */
export interface IconInput {
  src?: unknown;
  mimeType?: unknown;
}

/** What the policy decided for one icon. */
export type IconVerdict = { kind: 'data'; dataUrl: string } | { kind: 'fetch'; url: string } | { kind: 'refused'; reason: string };

const isAllowedType = (type: string): type is IconType => (allowedIconTypes as readonly string[]).includes(type);

/** The image type the bytes really are (magic numbers), whatever the server claims. */
export function sniffImageType(bytes: Uint8Array): IconType | undefined {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) return 'image/webp';
  return undefined;
}

/** A data: URL for bytes that passed the checks, or why not. */
export function bytesToDataUrl(bytes: Uint8Array): IconVerdict {
  if (bytes.length === 0) return { kind: 'refused', reason: 'empty image' };
  if (bytes.length > maxIconBytes) return { kind: 'refused', reason: `larger than ${maxIconBytes} bytes` };
  const type = sniffImageType(bytes);
  if (!type) return { kind: 'refused', reason: 'not a PNG, JPEG, GIF or WebP image' };
  return { kind: 'data', dataUrl: `data:${type};base64,${Buffer.from(bytes).toString('base64')}` };
}

/** Decides one icon: a checked data: URL, an https URL for the host to fetch, or refused with the reason. */
export function judgeIcon(icon: IconInput): IconVerdict {
  if (typeof icon.src !== 'string') return { kind: 'refused', reason: 'no src' };
  const src = icon.src.trim();
  const declared = typeof icon.mimeType === 'string' ? icon.mimeType.toLowerCase().trim() : undefined;
  if (declared !== undefined && !isAllowedType(declared)) return { kind: 'refused', reason: `type ${declared} is not allowed` };
  const data = /^data:([^;,]*)(;base64)?,(.*)$/is.exec(src);
  if (data) {
    const type = (data[1] ?? '').toLowerCase();
    if (!isAllowedType(type)) return { kind: 'refused', reason: `type ${type || 'unknown'} is not allowed` };
    if (!data[2]) return { kind: 'refused', reason: 'a data: icon must be base64' };
    const payload = data[3] ?? '';
    // Decoded size is about 3/4 of the base64 text: refuse before decoding a huge string.
    if (payload.length > Math.ceil((maxIconBytes * 4) / 3) + 4) return { kind: 'refused', reason: `larger than ${maxIconBytes} bytes` };
    const verdict = bytesToDataUrl(Buffer.from(payload, 'base64'));
    if (verdict.kind === 'data' && !verdict.dataUrl.startsWith(`data:${type};`)) return { kind: 'refused', reason: `the bytes are not ${type}` };
    return verdict;
  }
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return { kind: 'refused', reason: 'not a URL' };
  }
  if (url.protocol !== 'https:') return { kind: 'refused', reason: `${url.protocol} icons are not loaded (only data: and https:)` };
  if (url.username || url.password) return { kind: 'refused', reason: 'a URL with credentials' };
  return { kind: 'fetch', url: url.href };
}
