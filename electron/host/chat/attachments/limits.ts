/** The attachment limits as checks with messages a user can act on; each refusal carries its kind as `detail`. */
import { attachmentLimits, base64Size, formatBytes, type AttachmentInfo, type AttachmentRefusal } from '../../../../shared/attachments.ts';
import { hostErr, type Result } from '../../../../shared/errors.ts';
import { hostMessage, type HostMessage } from '../../../../shared/hostMessages.ts';

/** A refusal as the typed error every attachment check answers with; its sentence goes as a code the composer translates. */
export function refuse(detail: AttachmentRefusal, text: HostMessage): Result<never> {
  return hostErr('invalid_params', text, { field: 'attachments', detail });
}


/** Room left in a request for everything that is not a file (text, tools, system prompt). */
export const requestMargin = 2 * 1024 * 1024;

/** Checks one file as it will be sent (an image after fitting). */
export function checkFile(info: Pick<AttachmentInfo, 'name' | 'kind' | 'size' | 'pages'>): Result<null> {
  const { name, kind, size } = info;
  const shown = formatBytes(size);
  if (kind === 'image' && size > attachmentLimits.imageBytes) return refuse('too_large', hostMessage('attach.imageTooLarge', { name, size: shown, max: formatBytes(attachmentLimits.imageBytes) }));
  if (kind === 'pdf' && size > attachmentLimits.pdfBytes) return refuse('too_large', hostMessage('attach.pdfTooLarge', { name, size: shown, max: formatBytes(attachmentLimits.pdfBytes) }));
  if (kind === 'pdf' && (info.pages ?? 1) > attachmentLimits.pdfPages) return refuse('too_many_pages', hostMessage('attach.pdfPages', { name, pages: info.pages ?? 1, max: attachmentLimits.pdfPages }));
  if (kind === 'text' && size > attachmentLimits.textBytes) return refuse('too_large', hostMessage('attach.textTooLarge', { name, size: shown, max: formatBytes(attachmentLimits.textBytes) }));
  return { ok: true, value: null };
}

/** Bytes a file adds to the request: base64 for images and PDFs, the text itself for text files. */
export function requestBytesOf(info: Pick<AttachmentInfo, 'kind' | 'size'>): number {
  return info.kind === 'text' ? info.size : base64Size(info.size);
}

/** Checks the files of one message together: how many, how many images, and their size in the request. */
export function checkMessage(files: Pick<AttachmentInfo, 'kind' | 'size' | 'pages'>[]): Result<null> {
  if (files.length > attachmentLimits.filesPerMessage) return refuse('too_many', hostMessage('attach.tooManyFiles', { count: files.length, max: attachmentLimits.filesPerMessage }));
  const images = files.filter((f) => f.kind === 'image').length;
  if (images > attachmentLimits.imagesPerRequest) return refuse('too_many', hostMessage('attach.tooManyImages', { count: images, max: attachmentLimits.imagesPerRequest }));
  // The API's page limit is per request, across every PDF in it.
  const pages = files.reduce((n, f) => n + (f.kind === 'pdf' ? (f.pages ?? 1) : 0), 0);
  if (pages > attachmentLimits.pdfPages) return refuse('too_many_pages', hostMessage('attach.tooManyPages', { pages, max: attachmentLimits.pdfPages }));
  const total = files.reduce((n, f) => n + requestBytesOf(f), 0);
  if (total > attachmentLimits.requestBytes - requestMargin) {
    return refuse('request_too_large', hostMessage('attach.requestTooLarge', { size: formatBytes(total), max: formatBytes(attachmentLimits.requestBytes) }));
  }
  return { ok: true, value: null };
}
