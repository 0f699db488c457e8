import { describe, expect, it } from 'vitest';
import { countPdfPages } from './pdfPages.ts';
import { pdfTokens } from '../context/estimate.ts';
import { sniff } from './sniff.ts';
import { makePdf } from '../../../../tests/fixtures/attachments/files.ts';

const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))));

describe('sniffing an attachment from its bytes', () => {
  it('knows the four image types and PDFs by their magic numbers, whatever the name says', () => {
    expect(sniff(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'rest'))).toMatchObject({ ok: true, type: { kind: 'image', mimeType: 'image/png' } });
    expect(sniff(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toMatchObject({ ok: true, type: { kind: 'image', mimeType: 'image/jpeg' } });
    expect(sniff(bytes('GIF89a', [1, 0, 1, 0]))).toMatchObject({ ok: true, type: { mimeType: 'image/gif' } });
    expect(sniff(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toMatchObject({ ok: true, type: { mimeType: 'image/webp' } });
    expect(sniff(makePdf(2))).toMatchObject({ ok: true, type: { kind: 'pdf', mimeType: 'application/pdf' } });
  });

  it('takes UTF-8 text and code (a byte order mark dropped), refuses text with NUL bytes', () => {
    const code = sniff(bytes([0xef, 0xbb, 0xbf], 'export const π = 3.14;\n\tconsole.log("\u001b[32mok\u001b[0m");\n'));
    expect(code).toMatchObject({ ok: true, type: { kind: 'text', mimeType: 'text/plain' } });
    expect(code.ok && code.text?.startsWith('export const π')).toBe(true);
    expect(sniff(bytes('BMW and MZ are just words here.\n'))).toMatchObject({ ok: true, type: { kind: 'text' } });
    expect(sniff(bytes('text', [0], 'more'))).toEqual({ ok: false, seemsTo: 'a binary file of an unknown type', seems: 'unknown' });
  });

  it('names the binary formats it refuses', () => {
    expect(sniff(bytes('PK', [3, 4, 20, 0, 0, 0, 8, 0]))).toEqual({ ok: false, seemsTo: 'a ZIP archive (or an Office document)', seems: 'zip' });
    expect(sniff(bytes([0x7f], 'ELF', [2, 1, 1, 0, 0, 0]))).toEqual({ ok: false, seemsTo: 'a Linux program (ELF)', seems: 'elf' });
    expect(sniff(bytes('MZ', [0x90, 0, 3, 0, 0, 0, 4, 0]))).toEqual({ ok: false, seemsTo: 'a Windows program', seems: 'exe' });
    expect(sniff(bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0]))).toEqual({ ok: false, seemsTo: 'a HEIC/AVIF image', seems: 'heic' });
    expect(sniff(Buffer.alloc(0))).toEqual({ ok: false, seemsTo: 'an empty file', seems: 'empty' });
    // Latin-1 text is not UTF-8: refused rather than sent garbled.
    expect(sniff(bytes([0x63, 0x61, 0x66, 0xe9, 0x00]))).toMatchObject({ ok: false });
  });
});

describe('counting PDF pages', () => {
  it('reads the page tree count from plain objects and from compressed object streams', () => {
    expect(countPdfPages(makePdf(3))).toBe(3);
    expect(countPdfPages(makePdf(150, true))).toBe(150);
    // The compressed file shows no page objects in its plain bytes: only the inflated stream can tell.
    expect(makePdf(150, true).toString('latin1')).not.toContain('/Type /Page ');
  });

  it('gives the context estimate the real page count of a compressed PDF', () => {
    expect(pdfTokens(makePdf(5, true).toString('base64'))).toBe(pdfTokens(makePdf(1).toString('base64')) * 5);
  });
});
