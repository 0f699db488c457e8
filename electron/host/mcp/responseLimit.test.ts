import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { limitedFetch } from './responseLimit.ts';

describe('limitedFetch', () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  /** A real HTTP server on 127.0.0.1 answering every request with `bytes` bytes, streamed without a length when `chunked`. */
  const serve = async (bytes: number, chunked: boolean): Promise<string> => {
    server = createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json', ...(chunked ? {} : { 'Content-Length': String(bytes) }) });
      for (let sent = 0; sent < bytes; sent += 1000) response.write('x'.repeat(Math.min(1000, bytes - sent)));
      response.end();
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  };

  it('stops reading an answer to a POST past the limit, declared or streamed', async () => {
    const declared = await serve(5000, false);
    await expect(limitedFetch(4096)(declared, { method: 'POST' })).rejects.toThrow(/larger than/);
    const limit = limitedFetch(4096);
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    const streamed = await serve(5000, true);
    const response = await limit(streamed, { method: 'POST' });
    await expect(response.text()).rejects.toThrow(/larger than/);
  });

  it('passes answers within the limit, and never counts the GET event stream', async () => {
    const url = await serve(3000, true);
    expect((await (await limitedFetch(4096)(url, { method: 'POST' })).text()).length).toBe(3000);
    expect((await (await limitedFetch(100)(url, { method: 'GET' })).text()).length).toBe(3000);
  });
});
