/**
 * Files the user attaches from their computer (images, PDFs, text): the limits both sides check, and what the host
 * answers about a stored file. The limits follow the Messages API's (images 5 MB, 20 per request at most 2000 px,
 * PDFs 100 pages, a request 32 MB) with the image long edge at 1568 px, the size the API would scale to anyway.
 */

/** What kind of file an attachment is, as sniffed from its bytes (never from its name). */
export type AttachmentKind = 'image' | 'pdf' | 'text';

/** Why an attachment was refused; carried as the error's `detail` (code 'invalid_params', field 'attachments'). */
export type AttachmentRefusal = 'unsupported_type' | 'too_large' | 'too_many' | 'too_many_pages' | 'request_too_large' | 'not_found';

/** A stored attachment as the host describes it (history keeps the same fields in a 'file' block). */
export interface AttachmentInfo {
  /** Made by the host; names the file in the data folder. */
  id: string;
  /** The file's name as the user had it (shown, and given to the model as the document's title). */
  name: string;
  kind: AttachmentKind;
  /** image/png, image/jpeg, image/gif, image/webp, application/pdf or text/plain. */
  mimeType: string;
  /** Bytes as stored (an image after downscaling). */
  size: number;
  width?: number;
  height?: number;
  /** A PDF's page count. */
  pages?: number;
}

const MB = 1024 * 1024;

/** The limits checked before anything is sent. */
export const attachmentLimits = {
  /** The most the renderer sends over the bridge for one file (an image may be larger before it is downscaled). */
  uploadBytes: 32 * MB,
  /** An image as sent (after downscaling): the API refuses images over 5 MB. */
  imageBytes: 5 * MB,
  /** Long edge an image is scaled down to on the host. */
  imageEdge: 1568,
  /** Images in one request (the API allows more only at 2000 px or less; we stay at 20). */
  imagesPerRequest: 20,
  /** A PDF: the request limit (32 MB) applies to its base64 form, a third larger, so 24 MB of PDF is the most that fits. */
  pdfBytes: 24 * MB,
  /** PDF pages in one request, across all its PDFs. */
  pdfPages: 100,
  /** A text or code file (about 300,000 tokens: more would not fit a context window anyway). */
  textBytes: 1 * MB,
  /** Files on one message. */
  filesPerMessage: 20,
  /** The whole request as the API counts it (base64 included). */
  requestBytes: 32 * MB,
} as const;

/** Size of `bytes` once base64-encoded (what the request carries). */
export function base64Size(bytes: number): number {
  return Math.ceil(bytes / 3) * 4;
}

/** A byte count for people: "812 KB", "4.2 MB". */
export function formatBytes(bytes: number): string {
  if (bytes >= MB) return `${(bytes / MB).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
