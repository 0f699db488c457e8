/**
 * Fetches an https icon for the window (the window never loads a server's URL itself): no redirects, a time limit,
 * at most 64 KB read, and the bytes must be an allowed raster image. Answers a data: URL or undefined.
 */
import { bytesToDataUrl, judgeIcon, maxIconBytes } from './iconPolicy.ts';

/** How long one icon may take. */
export const iconFetchTimeoutMs = 5_000;

/** The icon at `url` as a data: URL, or the reason it was not taken. */
export async function fetchIcon(url: string, options: { timeoutMs?: number; fetchImpl?: typeof fetch } = {}): Promise<{ ok: true; dataUrl: string } | { ok: false; reason: string }> {
  const doFetch = options.fetchImpl ?? fetch;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? iconFetchTimeoutMs);
  try {
    // A redirect could lead anywhere (http:, a local address the URL did not name): not followed.
    const response = await doFetch(url, { redirect: 'error', signal: controller.signal, credentials: 'omit', headers: { accept: 'image/png, image/jpeg, image/gif, image/webp' } });
    if (!response.ok || !response.body) return { ok: false, reason: `HTTP ${response.status}` };
    const declared = Number(response.headers.get('content-length') ?? '0');
    if (declared > maxIconBytes) {
      await response.body.cancel();
      return { ok: false, reason: `larger than ${maxIconBytes} bytes` };
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > maxIconBytes) {
        await reader.cancel();
        return { ok: false, reason: `larger than ${maxIconBytes} bytes` };
      }
      chunks.push(value);
    }
    const verdict = bytesToDataUrl(Buffer.concat(chunks));
    return verdict.kind === 'data' ? { ok: true, dataUrl: verdict.dataUrl } : { ok: false, reason: verdict.kind === 'refused' ? verdict.reason : 'refused' };
  } catch (cause) {
    return { ok: false, reason: controller.signal.aborted ? 'timed out' : cause instanceof Error ? cause.message : String(cause) };
  } finally {
    clearTimeout(timer);
  }
}

/** The first usable icon of `icons` (data: checked at once, https fetched in order), as a data: URL. */
export async function resolveIcon(icons: unknown, fetchOptions: { timeoutMs?: number; fetchImpl?: typeof fetch; allowFetch?: boolean } = {}): Promise<string | undefined> {
  if (!Array.isArray(icons)) return undefined;
  for (const icon of icons.slice(0, 8) as unknown[]) {
    if (!icon || typeof icon !== 'object') continue;
    const verdict = judgeIcon(icon);
    if (verdict.kind === 'data') return verdict.dataUrl;
    if (verdict.kind === 'fetch' && fetchOptions.allowFetch !== false) {
      const fetched = await fetchIcon(verdict.url, fetchOptions);
      if (fetched.ok) return fetched.dataUrl;
    }
  }
  return undefined;
}

/** The first icon of `icons` that is an accepted data: URL (no fetch): for tool icons, read with the tool list. */
export function firstDataIcon(icons: unknown): string | undefined {
  if (!Array.isArray(icons)) return undefined;
  for (const icon of icons.slice(0, 8) as unknown[]) {
    if (!icon || typeof icon !== 'object') continue;
    const verdict = judgeIcon(icon);
    if (verdict.kind === 'data') return verdict.dataUrl;
  }
  return undefined;
}
