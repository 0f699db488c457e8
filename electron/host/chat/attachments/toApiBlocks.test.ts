import { describe, expect, it } from 'vitest';
import type { ChatMessage, FileAttachmentBlock } from '../../../../shared/chat.ts';
import { attachmentLimits } from '../../../../shared/attachments.ts';
import { toApiMessages } from '../requestBuilder.ts';
import { checkFile, checkMessage } from './limits.ts';
import { fileToModel, filesLeftOut } from './toApiBlocks.ts';

const MB = 1024 * 1024;
const file = (id: string, kind: FileAttachmentBlock['kind'], size: number, extra: Partial<FileAttachmentBlock> = {}): FileAttachmentBlock => ({
  type: 'file',
  id,
  name: `${id}.${kind === 'image' ? 'png' : kind === 'pdf' ? 'pdf' : 'ts'}`,
  kind,
  mimeType: kind === 'image' ? 'image/png' : kind === 'pdf' ? 'application/pdf' : 'text/plain',
  size,
  ...extra,
});
const user = (id: string, blocks: ChatMessage['blocks']): ChatMessage => ({ id, chatId: 'c1', role: 'user', blocks, status: 'complete', createdAt: 1, updatedAt: 1 });
const assistant = (id: string): ChatMessage => ({ id, chatId: 'c1', role: 'assistant', blocks: [{ type: 'text', text: 'ok' }], status: 'complete', createdAt: 1, updatedAt: 1 });

describe('attachments as Messages API blocks', () => {
  it('sends an image as a named image block, a PDF as a base64 document, a text file as a text document', () => {
    const bytes = Buffer.from('hello');
    expect(fileToModel(file('a', 'image', 5), bytes)).toEqual([
      { type: 'text', text: 'Attached image "a.png":' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: bytes.toString('base64') } },
    ]);
    expect(fileToModel(file('b', 'pdf', 5, { pages: 2 }), bytes)).toEqual([{ type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: bytes.toString('base64') }, title: 'b.pdf' }]);
    expect(fileToModel(file('c', 'text', 5), bytes)).toEqual([{ type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'hello' }, title: 'c.ts' }]);
  });

  it('says so when a file is no longer in the data folder', () => {
    expect(fileToModel(file('gone', 'pdf', 10, { pages: 3 }), undefined)).toEqual([{ type: 'text', text: '[The user attached "gone.pdf" (PDF, 3 pages), but the file is no longer in Switchboard\'s data folder.]' }]);
  });

  it('puts the files after the text of the user turn, read through the reader by chat and id', () => {
    const read: string[] = [];
    const messages = toApiMessages([user('u1', [{ type: 'text', text: 'What is in these?' }, file('img', 'image', 4), file('doc', 'pdf', 4, { pages: 1 })])], 100_000, undefined, (chatId, id) => {
      read.push(`${chatId}/${id}`);
      return Buffer.from(id);
    });
    expect(read).toEqual(['c1/img', 'c1/doc']);
    const content = messages[0]?.content;
    expect(Array.isArray(content) && content.map((b) => b.type)).toEqual(['text', 'text', 'image', 'document']);
    // The newest turn's last block carries the cache breakpoint, a document included.
    expect(Array.isArray(content) && content.at(-1)).toMatchObject({ type: 'document', cache_control: { type: 'ephemeral' } });
  });

  it('leaves out the oldest files beyond 20 images or the 32 MB request, newest kept, with a note', () => {
    const images = Array.from({ length: 22 }, (_, i) => file(`i${i}`, 'image', 100));
    const history = [user('u1', images.slice(0, 11)), assistant('a1'), user('u2', images.slice(11))];
    expect([...filesLeftOut(history)].sort()).toEqual(['i0', 'i1']);
    const pdfs = [user('u1', [file('old', 'pdf', 20 * MB)]), assistant('a1'), user('u2', [file('new', 'pdf', 20 * MB)])];
    expect([...filesLeftOut(pdfs)]).toEqual(['old']);
    // 100 PDF pages per request, across the PDFs.
    const long = [user('u1', [file('first', 'pdf', 1000, { pages: 60 })]), assistant('a1'), user('u2', [file('second', 'pdf', 1000, { pages: 60 })])];
    expect([...filesLeftOut(long)]).toEqual(['first']);
    const messages = toApiMessages(pdfs, 100_000, undefined, () => Buffer.from('x'));
    const first = messages[0]?.content;
    const note = Array.isArray(first) ? first[0] : undefined;
    expect(note?.type === 'text' && note.text).toContain('"old.pdf" (PDF, 1 page) earlier in this conversation; it is left out');
  });
});

describe('attachment limits', () => {
  it('refuses a file over its kind\'s limit with a message naming it', () => {
    const big = checkFile({ name: 'big.pdf', kind: 'pdf', size: attachmentLimits.pdfBytes + 1, pages: 3 });
    expect(big).toMatchObject({ ok: false, error: { code: 'invalid_params', detail: 'too_large' } });
    expect(!big.ok && big.error.message).toContain('"big.pdf" is 24.0 MB; a PDF can be at most 24.0 MB');
    expect(checkFile({ name: 'long.pdf', kind: 'pdf', size: 1000, pages: 101 })).toMatchObject({ ok: false, error: { detail: 'too_many_pages' } });
    expect(checkFile({ name: 'log.txt', kind: 'text', size: 2 * MB })).toMatchObject({ ok: false, error: { detail: 'too_large' } });
    expect(checkFile({ name: 'ok.pdf', kind: 'pdf', size: 1000, pages: 100 })).toEqual({ ok: true, value: null });
  });

  it('refuses a message with more than 20 files, more than 20 images, or more than the request holds', () => {
    expect(checkMessage(Array.from({ length: 21 }, () => ({ kind: 'text' as const, size: 10 })))).toMatchObject({ ok: false, error: { detail: 'too_many' } });
    const heavy = checkMessage([{ kind: 'pdf', size: 12 * MB }, { kind: 'pdf', size: 12 * MB }]);
    expect(heavy).toMatchObject({ ok: false, error: { detail: 'request_too_large' } });
    expect(!heavy.ok && heavy.error.message).toContain('32.0 MB per request');
    expect(checkMessage([{ kind: 'pdf', size: 10 * MB }, { kind: 'image', size: 4 * MB }])).toEqual({ ok: true, value: null });
    expect(checkMessage([{ kind: 'pdf', size: 1000, pages: 60 }, { kind: 'pdf', size: 1000, pages: 41 }])).toMatchObject({ ok: false, error: { detail: 'too_many_pages' } });
  });
});
