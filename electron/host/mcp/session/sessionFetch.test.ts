import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionAwareFetch } from './sessionFetch.ts';

describe('sessionAwareFetch', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    // /gone answers 404, /everything answers server-everything's 400, /busy a 400 about something else.
    server = createServer((request, response) => {
      if (request.url === '/gone') response.writeHead(404).end('{"error":{"message":"Session not found"}}');
      else if (request.url === '/everything') response.writeHead(400).end('{"error":{"message":"Bad Request: No valid session ID provided"}}');
      else response.writeHead(400).end('{"error":{"message":"Invalid params"}}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reports a 404 or a "no valid session" 400 to a request that carries a session id, once per answer', async () => {
    let reports = 0;
    const fetchIt = sessionAwareFetch(() => (reports += 1));
    const withSession = { headers: new Headers({ 'mcp-session-id': 'abc' }) };
    expect((await fetchIt(`${url}/gone`, withSession)).status).toBe(404);
    const everything = await fetchIt(`${url}/everything`, withSession);
    // The caller can still read the body the check peeked at.
    expect(await everything.text()).toContain('No valid session ID');
    expect(reports).toBe(2);
  });

  it('says nothing without a session id, or for a 400 about something else', async () => {
    let reports = 0;
    const fetchIt = sessionAwareFetch(() => (reports += 1));
    await fetchIt(`${url}/gone`, {});
    await fetchIt(`${url}/busy`, { headers: { 'mcp-session-id': 'abc' } });
    expect(reports).toBe(0);
  });
});
