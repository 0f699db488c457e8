/**
 * Reads a zip's central directory (names, sizes, unix modes) and refuses archives that are unsafe to unpack:
 * paths leaving the folder, symlinks, too many entries, too much unpacked data or a suspicious compression ratio.
 * fflate (which unpacks) does not expose entry modes, hence this small reader.
 */
import type { BundleRefusal } from '../../../shared/bundles.ts';

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

/** A refusal with its reason. */
export interface Refused {
  refused: BundleRefusal;
  message: string;
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
  const bad = (message: string): Refused => ({ refused: 'bad_zip', message: `Not a readable zip archive: ${message}` });
  if (data.length < 22) return bad('the file is too short');
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const eocd = findEndOfCentralDirectory(data);
  if (eocd < 0) return bad('no end-of-archive record');
  const count = view.getUint16(eocd + 10, true);
  const dirSize = view.getUint32(eocd + 12, true);
  let at = view.getUint32(eocd + 16, true);
  if (count === 0xffff || at === 0xffffffff) return bad('zip64 archives are not supported');
  if (at + dirSize > data.length) return bad('the directory points past the end of the file');
  const entries: ZipEntry[] = [];
  const decoder = new TextDecoder('utf-8', { fatal: false });
  for (let i = 0; i < count; i++) {
    if (at + 46 > data.length || view.getUint32(at, true) !== CENTRAL) return bad('a directory record is damaged');
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
export function unsafeName(name: string): string | undefined {
  if (name.length === 0) return 'an entry has an empty name';
  if (name.includes('\0')) return `"${name}" contains a NUL byte`;
  if (name.startsWith('/') || name.startsWith('\\') || /^[A-Za-z]:/.test(name)) return `"${name}" is an absolute path`;
  if (name.split(/[\\/]/).some((part) => part === '..')) return `"${name}" leaves the bundle's folder (..)`;
  return undefined;
}

/** Checks every entry against the limits and path rules; undefined when the archive may be unpacked. */
export function checkEntries(entries: ZipEntry[], limits: UnpackLimits): Refused | undefined {
  if (entries.length > limits.maxEntries) return { refused: 'zip_bomb', message: `The archive has ${entries.length} files; at most ${limits.maxEntries} are accepted` };
  let total = 0;
  const seen = new Set<string>();
  for (const entry of entries) {
    const unsafe = unsafeName(entry.name);
    if (unsafe) return { refused: 'unsafe_path', message: `Unsafe path in the archive: ${unsafe}` };
    if (entry.mode !== undefined && (entry.mode & 0o170000) === 0o120000) return { refused: 'unsafe_path', message: `Unsafe path in the archive: "${entry.name}" is a symbolic link` };
    const key = entry.name.replace(/\\/g, '/').toLowerCase();
    if (seen.has(key)) return { refused: 'bad_zip', message: `The archive holds "${entry.name}" twice` };
    seen.add(key);
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff) return { refused: 'too_large', message: `"${entry.name}" is too large (zip64)` };
    total += entry.size;
    if (total > limits.maxUnpackedBytes) return { refused: 'zip_bomb', message: `The archive unpacks to more than ${Math.round(limits.maxUnpackedBytes / 1048576)} MB` };
    if (entry.size > 1024 * 1024 && entry.size > limits.maxRatio * Math.max(1, entry.compressedSize)) {
      return { refused: 'zip_bomb', message: `"${entry.name}" expands ${Math.round(entry.size / Math.max(1, entry.compressedSize))} times; this looks like a zip bomb` };
    }
  }
  return undefined;
}
