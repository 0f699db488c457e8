/** The URL of a client ID metadata document (CIMD): an https address with a path, which becomes the OAuth client_id. */
import { z } from 'zod';

/** True when the value can serve as a CIMD client_id (https, a path beyond `/`, no fragment). */
export function isClientMetadataUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.pathname.length > 1 && url.hash === '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** A client ID metadata document URL as the settings and servers.json accept it. */
export const clientMetadataUrlSchema = z
  .string()
  .trim()
  .refine(isClientMetadataUrl, 'The client metadata document URL must be an https:// address with a path, e.g. https://example.com/switchboard/client.json');
