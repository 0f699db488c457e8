/** `POST /session`: where a page opened with `?code=` (by `--open`) trades that one-time code for the token, once. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OneTimeCodes } from './openCodes.ts';

/** The path of the exchange. */
export const sessionPath = '/session';
/** A code is 43 characters; anything much longer is not one. */
const maxBodyBytes = 1024;

/**
 * Answers the exchange: 200 `{ token }` for a live code, 401 for a used, unknown or expired one. JSON only, so a
 * cross-site form cannot post here without a preflight (which the Origin check refuses anyway).
 */
export function answerSession(request: IncomingMessage, response: ServerResponse, codes: OneTimeCodes, token: string, headers: Record<string, string>): void {
  const send = (status: number, body: Record<string, string>, extra: Record<string, string> = {}) => {
    if (response.headersSent) return;
    response.writeHead(status, { ...headers, ...extra, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
    response.end(JSON.stringify(body));
  };
  if (request.method !== 'POST') return send(405, { error: 'Use POST' }, { Allow: 'POST' });
  if (!(request.headers['content-type'] ?? '').toLowerCase().startsWith('application/json')) return send(415, { error: 'Send JSON' });
  const chunks: Buffer[] = [];
  let size = 0;
  request.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= maxBodyBytes) chunks.push(chunk);
  });
  request.on('error', () => response.destroy());
  request.on('end', () => {
    if (size > maxBodyBytes) return send(413, { error: 'Too large' }, { Connection: 'close' });
    let code: unknown;
    try {
      code = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { code?: unknown } | null)?.code;
    } catch {
      return send(400, { error: 'Not JSON' });
    }
    if (typeof code === 'string' && codes.redeem(code)) return send(200, { token });
    send(401, { error: 'This link was already used or has expired. Open the link web mode printed in its terminal.' });
  });
}
