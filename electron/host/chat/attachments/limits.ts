/** The attachment limits as checks with messages a user can act on; each refusal carries its kind as `detail`. */
import { attachmentLimits, base64Size, formatBytes, type AttachmentInfo, type AttachmentRefusal } from '../../../../shared/attachments.ts';
import { err, type Result } from '../../../../shared/errors.ts';

/** A refusal as the typed error every attachment check answers with. */
export function refuse(detail: AttachmentRefusal, message: string): Result<never> {
  return err('invalid_params', message, { field: 'attachments', detail });
}

/** Room left in a request for everything that is not a file (text, tools, system prompt). */
export const requestMargin = 2 * 1024 * 1024;

/** Checks one file as it will be sent (an image after fitting). */
export function checkFile(info: Pick<AttachmentInfo, 'name' | 'kind' | 'size' | 'pages'>): Result<null> {
  const { name, kind, size } = info;
  if (kind === 'image' && size > attachmentLimits.imageBytes) return refuse('too_large', `"${name}" is ${formatBytes(size)} even after scaling down; an image can be at most ${formatBytes(attachmentLimits.imageBytes)}.`);
  if (kind === 'pdf' && size > attachmentLimits.pdfBytes) {
    return refuse('too_large', `"${name}" is ${formatBytes(size)}; a PDF can be at most ${formatBytes(attachmentLimits.pdfBytes)} (the API takes 32 MB per request, and a PDF travels base64-encoded, a third larger).`);
  }
  if (kind === 'pdf' && (info.pages ?? 1) > attachmentLimits.pdfPages) return refuse('too_many_pages', `"${name}" has ${info.pages} pages; the API reads PDFs of at most ${attachmentLimits.pdfPages} pages. Split it and attach the part you need.`);
  if (kind === 'text' && size > attachmentLimits.textBytes) return refuse('too_large', `"${name}" is ${formatBytes(size)} of text; a text file can be at most ${formatBytes(attachmentLimits.textBytes)} (about 300,000 tokens).`);
  return { ok: true, value: null };
}

/** Bytes a file adds to the request: base64 for images and PDFs, the text itself for text files. */
export function requestBytesOf(info: Pick<AttachmentInfo, 'kind' | 'size'>): number {
  return info.kind === 'text' ? info.size : base64Size(info.size);
}

/** Checks the files of one message together: how many, how many images, and their size in the request. */
export function checkMessage(files: Pick<AttachmentInfo, 'kind' | 'size' | 'pages'>[]): Result<null> {
  if (files.length > attachmentLimits.filesPerMessage) return refuse('too_many', `${files.length} files are attached; a message can carry at most ${attachmentLimits.filesPerMessage}. Send the rest in another message.`);
  const images = files.filter((f) => f.kind === 'image').length;
  if (images > attachmentLimits.imagesPerRequest) return refuse('too_many', `${images} images are attached; the API takes at most ${attachmentLimits.imagesPerRequest} per request. Send the rest in another message.`);
  // The API's page limit is per request, across every PDF in it.
  const pages = files.reduce((n, f) => n + (f.kind === 'pdf' ? (f.pages ?? 1) : 0), 0);
  if (pages > attachmentLimits.pdfPages) return refuse('too_many_pages', `The PDFs attached have ${pages} pages together; the API reads at most ${attachmentLimits.pdfPages} pages per request. Send some of them in another message.`);
  const total = files.reduce((n, f) => n + requestBytesOf(f), 0);
  if (total > attachmentLimits.requestBytes - requestMargin) {
    return refuse(
      'request_too_large',
      `These files come to ${formatBytes(total)} in the request (images and PDFs travel base64-encoded, a third larger); the API accepts ${formatBytes(attachmentLimits.requestBytes)} per request. Remove some, or send them in separate messages.`,
    );
  }
  return { ok: true, value: null };
}
