/**
 * Reads servers from an MCP registry (`GET <url>?search=&limit=&version=latest`, the official registry's v0 list API).
 * The host asks, never the renderer, so the page's content-security rules stay closed and one place bounds time and size.
 */
import { hostErr, type AppError, type Result } from '../../../shared/errors.ts';
import { hostMessage, type HostMessageCode, type HostMessageParams } from '../../../shared/hostMessages.ts';
import { parseEntries } from '../../../shared/catalog/catalog.ts';
import { registryPageSchema, type ServerJson } from '../../../shared/catalog/serverJson.ts';

/** Limits of one registry request. */
export interface RegistryRequestOptions {
  search?: string;
  /** Entries asked for (the registry may send fewer). */
  limit?: number;
  timeoutMs?: number;
  /** Bigger answers are refused: a registry page of 100 entries is well under 1 MB. */
  maxBytes?: number;
}

/** Entries of one registry page: the valid ones, and how many were not valid server.json. */
export interface RegistryPage {
  entries: ServerJson[];
  rejected: number;
}

const fail = (code: AppError['code'], text: HostMessageCode, params: HostMessageParams): Result<RegistryPage> => hostErr(code, hostMessage(text, params));

/** True for an http(s) URL. */
export function isRegistryUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

async function readCapped(response: Response, maxBytes: number): Promise<string | undefined> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    // The DOM and Node typings of fetch disagree on the stream's chunk type; fetch bodies are bytes.
    const { done, value } = (await reader.read()) as { done: boolean; value?: Uint8Array };
    if (done || !value) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** One page of servers from the registry at `baseUrl`; errors are data (`connect_failed`, `timeout`, `protocol_error`). */
export async function fetchRegistryPage(baseUrl: string, options: RegistryRequestOptions = {}): Promise<Result<RegistryPage>> {
  if (!isRegistryUrl(baseUrl)) return fail('invalid_params', 'catalog.badUrl', { url: baseUrl });
  const url = new URL(baseUrl);
  url.searchParams.set('limit', String(options.limit ?? 100));
  url.searchParams.set('version', 'latest');
  if (options.search?.trim()) url.searchParams.set('search', options.search.trim());
  const timeoutMs = options.timeoutMs ?? 8000;
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' }, redirect: 'follow' });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'TimeoutError') return fail('timeout', 'catalog.timeout', { seconds: timeoutMs / 1000, host: url.host });
    const reason = cause instanceof Error && cause.cause instanceof Error ? cause.cause.message : String(cause);
    return fail('connect_failed', 'catalog.unreachable', { host: url.host, reason });
  }
  if (!response.ok) {
    await response.body?.cancel();
    return fail('protocol_error', 'catalog.http', { status: response.status, host: url.host });
  }
  let body: string | undefined;
  try {
    body = await readCapped(response, options.maxBytes ?? 5_000_000);
  } catch (cause) {
    return fail('connect_failed', 'catalog.cutOff', { host: url.host, reason: String(cause) });
  }
  if (body === undefined) return fail('protocol_error', 'catalog.tooBig', { host: url.host });
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return fail('protocol_error', 'catalog.notJson', { host: url.host });
  }
  const page = registryPageSchema.safeParse(json);
  if (!page.success) return fail('protocol_error', 'catalog.notList', { host: url.host });
  return { ok: true, value: parseEntries(page.data.servers.map((item) => item.server)) };
}
