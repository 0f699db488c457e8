/**
 * Attached files as Messages API content: images as image blocks (after a line naming them, so the model can refer to
 * them), PDFs as base64 document blocks, text files as documents with a text source; the file name is the title.
 * Every request carries the whole history's files, so older ones beyond the request's limits are left out, newest
 * kept, each replaced by a note that says so.
 */
import type Anthropic from '@anthropic-ai/sdk';
import { attachmentLimits, formatBytes } from '../../../../shared/attachments.ts';
import type { ChatMessage, FileAttachmentBlock } from '../../../../shared/chat.ts';
import { requestBytesOf, requestMargin } from './limits.ts';

/** The blocks a file becomes. */
export type FileModelBlock = Anthropic.TextBlockParam | Anthropic.ImageBlockParam | Anthropic.DocumentBlockParam;

/** Reads a sent file's bytes (undefined when it is no longer in the data folder). */
export type AttachmentReader = (chatId: string, id: string) => Buffer | undefined;

type ImageType = Anthropic.Base64ImageSource['media_type'];
const imageTypes: readonly string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] satisfies ImageType[];
const isImageType = (mime: string): mime is ImageType => imageTypes.includes(mime);

function describe(block: FileAttachmentBlock): string {
  if (block.kind === 'image') return block.width && block.height ? `image, ${block.width}×${block.height}` : 'image';
  if (block.kind === 'pdf') {
    const pages = block.pages ?? 1;
    return `PDF, ${pages} page${pages === 1 ? '' : 's'}`;
  }
  return `text, ${formatBytes(block.size)}`;
}

/** The note sent in place of a file that is no longer in the data folder. */
export function missingFileNote(block: FileAttachmentBlock): Anthropic.TextBlockParam {
  return { type: 'text', text: `[The user attached "${block.name}" (${describe(block)}), but the file is no longer in Switchboard's data folder.]` };
}

/** The note sent in place of an older file left out to keep the request within the API's limits. */
export function leftOutNote(block: FileAttachmentBlock): Anthropic.TextBlockParam {
  return {
    type: 'text',
    text: `[The user attached "${block.name}" (${describe(block)}) earlier in this conversation; it is left out of this request to stay within the API's limits (${attachmentLimits.imagesPerRequest} images, ${attachmentLimits.pdfPages} PDF pages, ${formatBytes(attachmentLimits.requestBytes)}).]`,
  };
}

// Every request carries the history's files again, and the store hands back the same cached Buffer for a file: its
// base64 is kept beside it (dropped with it), so a turn does not re-encode megabytes of images per request.
const encoded = new WeakMap<Buffer, string>();
function base64Of(bytes: Buffer): string {
  let text = encoded.get(bytes);
  if (text === undefined) {
    text = bytes.toString('base64');
    encoded.set(bytes, text);
  }
  return text;
}

/** One file as API content; `bytes` undefined means it is missing. */
export function fileToModel(block: FileAttachmentBlock, bytes: Buffer | undefined): FileModelBlock[] {
  if (!bytes) return [missingFileNote(block)];
  switch (block.kind) {
    case 'image':
      if (!isImageType(block.mimeType)) return [missingFileNote(block)];
      return [
        { type: 'text', text: `Attached image "${block.name}":` },
        { type: 'image', source: { type: 'base64', media_type: block.mimeType, data: base64Of(bytes) } },
      ];
    case 'pdf':
      return [{ type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: base64Of(bytes) }, title: block.name }];
    case 'text':
      return [{ type: 'document', source: { type: 'text', media_type: 'text/plain', data: bytes.toString('utf8') }, title: block.name }];
  }
}

/** Ids of the files a request leaves out: walking from the newest message back, each file is kept while the request's image count, PDF pages and size allow. */
export function filesLeftOut(history: readonly ChatMessage[]): Set<string> {
  const out = new Set<string>();
  let bytes = 0;
  let images = 0;
  let pages = 0;
  for (let i = history.length - 1; i >= 0; i--) {
    const message = history[i];
    if (!message || message.role !== 'user' || message.status === 'error') continue;
    for (let j = message.blocks.length - 1; j >= 0; j--) {
      const block = message.blocks[j];
      if (block?.type !== 'file') continue;
      const size = requestBytesOf(block);
      const image = block.kind === 'image' ? 1 : 0;
      const pdfPages = block.kind === 'pdf' ? (block.pages ?? 1) : 0;
      if (bytes + size > attachmentLimits.requestBytes - requestMargin || images + image > attachmentLimits.imagesPerRequest || pages + pdfPages > attachmentLimits.pdfPages) {
        out.add(block.id);
        continue;
      }
      bytes += size;
      images += image;
      pages += pdfPages;
    }
  }
  return out;
}

/** A file as its share of the token estimate, from its description alone (no need to read it). */
export function fileTokens(block: FileAttachmentBlock): number {
  if (block.kind === 'image') return block.width && block.height ? Math.max(1, Math.min(1600, Math.ceil((block.width * block.height) / 750))) : 1600;
  if (block.kind === 'pdf') return (block.pages ?? 1) * 2400;
  return Math.ceil(block.size / 3.5);
}
