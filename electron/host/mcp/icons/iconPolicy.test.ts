import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstDataIcon, fetchIcon, resolveIcon } from './iconFetch.ts';
import { judgeIcon, maxIconBytes } from './iconPolicy.ts';

const pngBytes = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const png = `data:image/png;base64,${pngBytes.toString('base64')}`;

describe('icon policy', () => {
  it('accepts a base64 PNG data: URL whose bytes are PNG', () => {
    expect(judgeIcon({ src: png, mimeType: 'image/png' })).toEqual({ kind: 'data', dataUrl: png });
  });

  it('refuses http:, javascript:, file: and URLs with credentials; sends https to the host to fetch', () => {
    expect(judgeIcon({ src: 'http://example.com/a.png' }).kind).toBe('refused');
    expect(judgeIcon({ src: 'javascript:alert(1)' }).kind).toBe('refused');
    expect(judgeIcon({ src: 'file:///etc/passwd' }).kind).toBe('refused');
    expect(judgeIcon({ src: 'https://user:pw@example.com/a.png' }).kind).toBe('refused');
    expect(judgeIcon({ src: 'https://example.com/a.png' })).toEqual({ kind: 'fetch', url: 'https://example.com/a.png' });
  });

  it('refuses SVG whether declared or in the data: URL, and bytes that are not the declared type', () => {
    expect(judgeIcon({ src: 'data:image/svg+xml;base64,PHN2Zy8+' }).kind).toBe('refused');
    expect(judgeIcon({ src: 'https://example.com/a.svg', mimeType: 'image/svg+xml' }).kind).toBe('refused');
    expect(judgeIcon({ src: `data:image/png;base64,${Buffer.from('<svg onload="x()"/>').toString('base64')}` }).kind).toBe('refused');
    expect(judgeIcon({ src: `data:image/gif;base64,${pngBytes.toString('base64')}` }).kind).toBe('refused');
    expect(judgeIcon({ src: 'data:image/png,rawtext' }).kind).toBe('refused');
  });

  it('refuses an oversize data: icon', () => {
    const big = Buffer.concat([pngBytes, Buffer.alloc(maxIconBytes)]);
    expect(judgeIcon({ src: `data:image/png;base64,${big.toString('base64')}` })).toMatchObject({ kind: 'refused', reason: `larger than ${maxIconBytes} bytes` });
  });

  it('takes the first acceptable data: icon of a list', () => {
    expect(firstDataIcon([{ src: 'http://x/a.png' }, { src: 'data:image/svg+xml;base64,PHN2Zy8+' }, { src: png }])).toBe(png);
    expect(firstDataIcon('nope')).toBeUndefined();
  });
});

describe('host icon fetch (real HTTP on 127.0.0.1)', () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/icon.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(pngBytes);
      if (req.url === '/big.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.concat([pngBytes, Buffer.alloc(maxIconBytes)]));
      if (req.url === '/svg') return res.writeHead(200, { 'content-type': 'image/png' }).end('<svg xmlns="http://www.w3.org/2000/svg"/>');
      if (req.url === '/redirect') return res.writeHead(302, { location: '/icon.png' }).end();
      if (req.url === '/slow') return; // never answers
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('hands a fetched PNG on as a data: URL', async () => {
    expect(await fetchIcon(`${base}/icon.png`)).toEqual({ ok: true, dataUrl: png });
  });

  it('refuses an oversize body, non-image bytes, a redirect and a server that never answers', async () => {
    expect(await fetchIcon(`${base}/big.png`)).toEqual({ ok: false, reason: `larger than ${maxIconBytes} bytes` });
    expect(await fetchIcon(`${base}/svg`)).toMatchObject({ ok: false });
    expect(await fetchIcon(`${base}/redirect`)).toMatchObject({ ok: false });
    expect(await fetchIcon(`${base}/slow`, { timeoutMs: 300 })).toEqual({ ok: false, reason: 'timed out' });
  }, 20_000);

  it('never fetches an http: icon from a server list', async () => {
    expect(await resolveIcon([{ src: `${base}/icon.png` }])).toBeUndefined();
  });
});
