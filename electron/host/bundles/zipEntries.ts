/**
 * Reads a zip's central directory (names, sizes, unix modes) and refuses archives that are unsafe to unpack:
 * paths leaving the folder, symlinks, too many entries, too much unpacked data or a suspicious compression ratio.
 * fflate (which unpacks) does not expose entry modes, hence this small reader.
 */
import type { BundleRefusal } from '../../../shared/bundles.ts';
import { englishOf, hostMessage, type HostMessage, type HostMessageCode, type HostMessageParams } from '../../../shared/hostMessages.ts';

/** One file of the archive as its central directory describes it. */
export interface ZipEntry {
  name: string;
  compressedSize: number;
  size: number;
  /** Unix mode bits when the archive was made on unix, else undefined. */
  mode: number | undefined;
  directory: boolean;
}

/** Limits on what an archive may unpack to. */
export interface UnpackLimits {
  maxEntries: number;
  maxUnpackedBytes: number;
  /** Largest size/compressed ratio allowed for an entry bigger than 1 MB unpacked. */
  maxRatio: number;
}

/** Defaults: 500 MB unpacked, 20,000 files, ratio 200 (text compresses ~10x; bombs reach 1000x). */
export const defaultUnpackLimits: UnpackLimits = { maxEntries: 20_000, maxUnpackedBytes: 500 * 1024 * 1024, maxRatio: 200 };

/** A refusal with its reason: `text` for the window (translated), `message` its English (logs). */
export interface Refused {
  refused: BundleRefusal;
  message: string;
  text: HostMessage;
}

/** Builds a refusal from a host message code. */
export function refusal(refused: BundleRefusal, code: HostMessageCode, params?: HostMessageParams): Refused {
  const text = hostMessage(code, params);
  return { refused, message: englishOf(text), text };
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;

function findEndOfCentralDirectory(data: Uint8Array): number {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  // The record is 22 bytes plus a comment of at most 65,535 bytes.
  for (let at = data.length - 22; at >= Math.max(0, data.length - 22 - 65_535); at--) {
    if (view.getUint32(at, true) === EOCD) return at;
  }
  return -1;
}

/** Lists the archive's entries, or says why it is not a zip this app can read. */
export function readZipEntries(data: Uint8Array): ZipEntry[] | Refused {
  const bad = (code: HostMessageCode): Refused => refusal('bad_zip', code);
  if (data.length < 22) return bad('bundle.zipTooShort');
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const eocd = findEndOfCentralDirectory(data);
  if (eocd < 0) return bad('bundle.zipNoEnd');
  const count = view.getUint16(eocd + 10, true);
  const dirSize = view.getUint32(eocd + 12, true);
  let at = view.getUint32(eocd + 16, true);
  if (count === 0xffff || at === 0xffffffff) return bad('bundle.zip64');
  if (at + dirSize > data.length) return bad('bundle.zipPastEnd');
  const entries: ZipEntry[] = [];
  const decoder = new TextDecoder('utf-8', { fatal: false });
  for (let i = 0; i < count; i++) {
    if (at + 46 > data.length || view.getUint32(at, true) !== CENTRAL) return bad('bundle.zipDamaged');
    const madeBy = view.getUint16(at + 4, true) >> 8;
    const compressedSize = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const external = view.getUint32(at + 38, true);
    const name = decoder.decode(data.subarray(at + 46, at + 46 + nameLength));
    const mode = madeBy === 3 ? external >>> 16 : undefined;
    entries.push({ name, compressedSize, size, mode: mode || undefined, directory: name.endsWith('/') });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Why this entry name is unsafe to unpack, or undefined when it stays inside the folder. */
export function unsafeName(name: string): Refused | undefined {
  if (name.length === 0) return refusal('unsafe_path', 'bundle.unsafeEmptyName');
  if (name.includes('\0')) return refusal('unsafe_path', 'bundle.unsafeNul', { name });
  if (name.startsWith('/') || name.startsWith('\\') || /^[A-Za-z]:/.test(name)) return refusal('unsafe_path', 'bundle.unsafeAbsolute', { name });
  if (name.split(/[\\/]/).some((part) => part === '..')) return refusal('unsafe_path', 'bundle.unsafeParent', { name });
  return undefined;
}

/** Checks every entry against the limits and path rules; undefined when the archive may be unpacked. */
export function checkEntries(entries: ZipEntry[], limits: UnpackLimits): Refused | undefined {
  if (entries.length > limits.maxEntries) return refusal('zip_bomb', 'bundle.tooManyFiles', { count: entries.length, max: limits.maxEntries });
  let total = 0;
  const seen = new Set<string>();
  for (const entry of entries) {
    const unsafe = unsafeName(entry.name);
    if (unsafe) return unsafe;
    if (entry.mode !== undefined && (entry.mode & 0o170000) === 0o120000) return refusal('unsafe_path', 'bundle.unsafeSymlink', { name: entry.name });
    const key = entry.name.replace(/\\/g, '/').toLowerCase();
    if (seen.has(key)) return refusal('bad_zip', 'bundle.duplicate', { name: entry.name });
    seen.add(key);
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff) return refusal('too_large', 'bundle.entryZip64', { name: entry.name });
    total += entry.size;
    if (total > limits.maxUnpackedBytes) return refusal('zip_bomb', 'bundle.unpackedTooLarge', { max: Math.round(limits.maxUnpackedBytes / 1048576) });
    if (entry.size > 1024 * 1024 && entry.size > limits.maxRatio * Math.max(1, entry.compressedSize)) {
      return refusal('zip_bomb', 'bundle.zipBomb', { name: entry.name, ratio: Math.round(entry.size / Math.max(1, entry.compressedSize)) });
    }
  }
  return undefined;
}
