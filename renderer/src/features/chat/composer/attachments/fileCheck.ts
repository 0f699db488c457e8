/**
 * What the composer checks before a file crosses the bridge: its size (the host refuses larger ones anyway, but a
 * file over the bridge's frame limit must never be sent) and how many files the message already has. The type is
 * the host's to judge, from the bytes.
 */
import { attachmentLimits } from '../../../../../../shared/attachments.ts';

/** A file the composer will not send, and why (a key of the `attachments` namespace with its values). */
export interface FileProblem {
  name: string;
  key: 'problem.tooLarge' | 'problem.tooMany';
  values: Record<string, string | number>;
}

/** Splits picked files into those to upload and those refused here; `already` counts the files on the message. */
export function checkPicked(files: readonly { name: string; size: number }[], already: number): { accepted: number[]; problems: FileProblem[] } {
  const accepted: number[] = [];
  const problems: FileProblem[] = [];
  const mb = Math.round(attachmentLimits.uploadBytes / 1024 / 1024);
  files.forEach((file, index) => {
    if (file.size > attachmentLimits.uploadBytes) {
      problems.push({ name: file.name, key: 'problem.tooLarge', values: { name: file.name, size: (file.size / 1024 / 1024).toFixed(1), max: mb } });
    } else if (already + accepted.length >= attachmentLimits.filesPerMessage) {
      problems.push({ name: file.name, key: 'problem.tooMany', values: { name: file.name, max: attachmentLimits.filesPerMessage } });
    } else {
      accepted.push(index);
    }
  });
  return { accepted, problems };
}

/** A file's bytes as base64 (built in chunks: String.fromCharCode with millions of arguments overflows the stack). */
export async function toBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

/** A name for a pasted image, which has none of its own ("image.png" from every browser). */
export function pastedName(file: { name: string; type: string }, at: Date): string {
  if (file.name && file.name !== 'image.png') return file.name;
  const ext = file.type.split('/')[1]?.replace('jpeg', 'jpg') ?? 'png';
  const stamp = at.toISOString().slice(0, 19).replace(/[:T]/g, '-');
  return `pasted-${stamp}.${ext}`;
}
