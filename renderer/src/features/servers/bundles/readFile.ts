/** Reads a picked or dropped file as base64 for 'bundles.inspect' / 'bundles.install' (web mode sends bytes, not paths). */
import { BUNDLE_MAX_UPLOAD_BYTES } from '../../../../../shared/bundles.ts';

/** The file's bytes in base64, or undefined past what the bridge carries. */
export async function fileToBase64(file: File): Promise<string | undefined> {
  if (file.size > BUNDLE_MAX_UPLOAD_BYTES) return undefined;
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  // In chunks: String.fromCharCode with millions of arguments overflows the stack.
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

/** True when a file name looks like a bundle. */
export function isBundleName(name: string): boolean {
  return /\.(mcpb|dxt)$/i.test(name);
}
