/**
 * What a file really is, from its first bytes (magic numbers) and, for text, from decoding it: a name or a MIME type
 * from the renderer is never trusted. Known binary formats the model cannot read are named in the refusal.
 */
import type { AttachmentKind } from '../../../../shared/attachments.ts';

/** A sniffed type the model can read. */
export interface Sniffed {
  kind: AttachmentKind;
  mimeType: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'application/pdf' | 'text/plain';
}

/** The sniff's answer: a readable type, or what the file seems to be (for the refusal). */
export type SniffResult = { ok: true; type: Sniffed; text?: string } | { ok: false; seemsTo: string };

const startsWith = (bytes: Uint8Array, signature: number[], at = 0): boolean => signature.every((b, i) => bytes[at + i] === b);
const ascii = (bytes: Uint8Array, from: number, to: number): string => String.fromCharCode(...bytes.subarray(from, to));

// Binary formats people often try to attach, named so the refusal says what the file is.
const knownBinaries: { name: string; test: (b: Uint8Array) => boolean }[] = [
  { name: 'a ZIP archive (or an Office document)', test: (b) => startsWith(b, [0x50, 0x4b, 0x03, 0x04]) },
  { name: 'a gzip archive', test: (b) => startsWith(b, [0x1f, 0x8b]) },
  { name: 'a 7-Zip archive', test: (b) => startsWith(b, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]) },
  { name: 'a Linux program (ELF)', test: (b) => startsWith(b, [0x7f, 0x45, 0x4c, 0x46]) },
  { name: 'a Windows program', test: (b) => startsWith(b, [0x4d, 0x5a]) },
  { name: 'a macOS program (Mach-O)', test: (b) => [[0xcf, 0xfa, 0xed, 0xfe], [0xfe, 0xed, 0xfa, 0xcf], [0xca, 0xfe, 0xba, 0xbe]].some((s) => startsWith(b, s)) },
  { name: 'a HEIC/AVIF image', test: (b) => ascii(b, 4, 8) === 'ftyp' && /^(heic|heix|mif1|avif|msf1)/.test(ascii(b, 8, 12)) },
  { name: 'a video (MP4/MOV)', test: (b) => ascii(b, 4, 8) === 'ftyp' },
  { name: 'a BMP image', test: (b) => ascii(b, 0, 2) === 'BM' },
  { name: 'a TIFF image', test: (b) => startsWith(b, [0x49, 0x49, 0x2a, 0x00]) || startsWith(b, [0x4d, 0x4d, 0x00, 0x2a]) },
  { name: 'an audio file', test: (b) => ascii(b, 0, 3) === 'ID3' || ascii(b, 0, 4) === 'fLaC' || ascii(b, 0, 4) === 'OggS' || (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WAVE') },
  { name: 'a SQLite database', test: (b) => ascii(b, 0, 15) === 'SQLite format 3' },
];

function imageType(bytes: Uint8Array): Sniffed['mimeType'] | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

/** Text when the bytes are UTF-8 (a BOM is dropped) with no NUL and almost no other control characters. */
export function decodeText(bytes: Uint8Array): string | undefined {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return undefined;
  }
  let controls = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) return undefined;
    // Tab, line feed, form feed, carriage return and escape (ANSI colours in logs) are at home in text.
    if (c < 32 && c !== 9 && c !== 10 && c !== 12 && c !== 13 && c !== 27) controls++;
  }
  return controls <= Math.max(2, text.length / 1000) ? text : undefined;
}

/** Sniffs `bytes`: an image, a PDF, UTF-8 text, or a refusal naming what it seems to be. */
export function sniff(bytes: Uint8Array): SniffResult {
  if (bytes.length === 0) return { ok: false, seemsTo: 'an empty file' };
  const image = imageType(bytes);
  if (image) return { ok: true, type: { kind: 'image', mimeType: image } };
  // The PDF header may follow some junk, within the first 1024 bytes (PDF 32000-1, annex H).
  if (ascii(bytes, 0, Math.min(bytes.length, 1024)).includes('%PDF-')) return { ok: true, type: { kind: 'pdf', mimeType: 'application/pdf' } };
  // Text first: a text file that happens to start with "MZ" or "BM" is still text (binaries hold NUL bytes).
  const text = decodeText(bytes);
  if (text !== undefined) return { ok: true, type: { kind: 'text', mimeType: 'text/plain' }, text };
  const known = knownBinaries.find((k) => k.test(bytes));
  if (known) return { ok: false, seemsTo: known.name };
  return { ok: false, seemsTo: 'a binary file of an unknown type' };
}
