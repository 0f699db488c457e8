/**
 * What a file really is, from its first bytes (magic numbers) and, for text, from decoding it: a name or a MIME type
 * from the renderer is never trusted. Known binary formats the model cannot read are named in the refusal.
 */
import type { AttachmentKind } from '../../../../shared/attachments.ts';
import { hostMessageEnglish } from '../../../../shared/hostMessages.ts';

/** A sniffed type the model can read. */
export interface Sniffed {
  kind: AttachmentKind;
  mimeType: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'application/pdf' | 'text/plain';
}

/** The sniff's answer: a readable type, or what the file seems to be (for the refusal). */
export type SniffResult = { ok: true; type: Sniffed; text?: string } | { ok: false; seemsTo: string; seems: SeemsKind };

/** What a refused file seems to be, as the key of its name in the host messages (`attach.seems.<kind>`). */
export type SeemsKind = 'empty' | 'zip' | 'gzip' | 'sevenZip' | 'elf' | 'exe' | 'macho' | 'heic' | 'video' | 'bmp' | 'tiff' | 'audio' | 'sqlite' | 'unknown';

/** A refusal naming what the file seems to be (the English name from the host messages, for logs). */
function refused(seems: SeemsKind): SniffResult {
  return { ok: false, seemsTo: hostMessageEnglish[`attach.seems.${seems}`], seems };
}

const startsWith = (bytes: Uint8Array, signature: number[], at = 0): boolean => signature.every((b, i) => bytes[at + i] === b);
const ascii = (bytes: Uint8Array, from: number, to: number): string => String.fromCharCode(...bytes.subarray(from, to));

// Binary formats people often try to attach, named so the refusal says what the file is.
const knownBinaries: { seems: SeemsKind; test: (b: Uint8Array) => boolean }[] = [
  { seems: 'zip', test: (b) => startsWith(b, [0x50, 0x4b, 0x03, 0x04]) },
  { seems: 'gzip', test: (b) => startsWith(b, [0x1f, 0x8b]) },
  { seems: 'sevenZip', test: (b) => startsWith(b, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]) },
  { seems: 'elf', test: (b) => startsWith(b, [0x7f, 0x45, 0x4c, 0x46]) },
  { seems: 'exe', test: (b) => startsWith(b, [0x4d, 0x5a]) },
  { seems: 'macho', test: (b) => [[0xcf, 0xfa, 0xed, 0xfe], [0xfe, 0xed, 0xfa, 0xcf], [0xca, 0xfe, 0xba, 0xbe]].some((s) => startsWith(b, s)) },
  { seems: 'heic', test: (b) => ascii(b, 4, 8) === 'ftyp' && /^(heic|heix|mif1|avif|msf1)/.test(ascii(b, 8, 12)) },
  { seems: 'video', test: (b) => ascii(b, 4, 8) === 'ftyp' },
  { seems: 'bmp', test: (b) => ascii(b, 0, 2) === 'BM' },
  { seems: 'tiff', test: (b) => startsWith(b, [0x49, 0x49, 0x2a, 0x00]) || startsWith(b, [0x4d, 0x4d, 0x00, 0x2a]) },
  { seems: 'audio', test: (b) => ascii(b, 0, 3) === 'ID3' || ascii(b, 0, 4) === 'fLaC' || ascii(b, 0, 4) === 'OggS' || (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WAVE') },
  { seems: 'sqlite', test: (b) => ascii(b, 0, 15) === 'SQLite format 3' },
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
  if (bytes.length === 0) return refused('empty');
  const image = imageType(bytes);
  if (image) return { ok: true, type: { kind: 'image', mimeType: image } };
  // The PDF header may follow some junk, within the first 1024 bytes (PDF 32000-1, annex H).
  if (ascii(bytes, 0, Math.min(bytes.length, 1024)).includes('%PDF-')) return { ok: true, type: { kind: 'pdf', mimeType: 'application/pdf' } };
  // Text first: a text file that happens to start with "MZ" or "BM" is still text (binaries hold NUL bytes).
  const text = decodeText(bytes);
  if (text !== undefined) return { ok: true, type: { kind: 'text', mimeType: 'text/plain' }, text };
  const known = knownBinaries.find((k) => k.test(bytes));
  return refused(known ? known.seems : 'unknown');
}
