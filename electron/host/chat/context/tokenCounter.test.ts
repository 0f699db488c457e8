import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Anthropic from '@anthropic-ai/sdk';
import { startScriptedLlm, type ScriptedLlm } from '../../../../tests/fixtures/scriptedLlm/index.ts';
import { estimateRequestTokens } from './estimate.ts';
import { TokenCounter } from './tokenCounter.ts';

const model = 'claude-sonnet-5-5';
const request = (text: string) => ({ model, messages: [{ role: 'user' as const, content: text }], system: 'Be brief.' });
const signal = () => new AbortController().signal;
const client = (baseURL: string) => new Anthropic({ apiKey: 'sk-test', baseURL, maxRetries: 0, logLevel: 'off' });

interface Tiny {
  url: string;
  /** Paths of the requests received, in order. */
  paths: string[];
  close: () => Promise<void>;
}

/** A node:http server answering count_tokens with `answer(body)`: a status and a JSON body, or 'hang' (never answers). */
async function tiny(answer: (body: Record<string, unknown>) => { status: number; body: unknown } | 'hang'): Promise<Tiny> {
  const paths: string[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      paths.push(req.url ?? '');
      const reply = answer(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>);
      if (reply === 'hang') return;
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    paths,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});
async function scripted(countTokens: boolean): Promise<ScriptedLlm> {
  const llm = await startScriptedLlm({ apiKey: 'sk-test', countTokens });
  closers.push(() => llm.close());
  return llm;
}
async function tinyServer(answer: Parameters<typeof tiny>[0]): Promise<Tiny> {
  const server = await tiny(answer);
  closers.push(() => server.close());
  return server;
}
const countRequests = (llm: ScriptedLlm) => llm.requests.filter((r) => r.path === '/v1/messages/count_tokens');

describe('TokenCounter', () => {
  it('takes the count from the API when it answers, sending the request it counts', async () => {
    const llm = await scripted(true);
    const counter = new TokenCounter();
    const sent = { ...request('hello '.repeat(200)), tools: [{ name: 'docs__find', description: 'Finds docs', input_schema: { type: 'object' as const } }] };
    const result = await counter.count(sent, client(llm.url), llm.url, signal());
    const [recorded] = countRequests(llm);
    expect(recorded?.outcome).toBe('count_tokens');
    expect(recorded?.body).toMatchObject({ model, system: 'Be brief.', tools: [{ name: 'docs__find' }], messages: sent.messages });
    // The scripted API counts characters of tools, system and messages / 4.
    const expected = Math.ceil((JSON.stringify(sent.tools).length + JSON.stringify('Be brief.').length + JSON.stringify(sent.messages).length) / 4);
    expect(result).toEqual({ tokens: expected, counted: 'api' });
  });

  it('on 404 falls back to the estimate and does not ask that base URL again', async () => {
    const llm = await scripted(false);
    const counter = new TokenCounter();
    const api = client(llm.url);
    const first = await counter.count(request('hello '.repeat(200)), api, llm.url, signal());
    expect(first).toEqual({ tokens: estimateRequestTokens(request('hello '.repeat(200))), counted: 'estimate' });
    expect(countRequests(llm).map((r) => r.outcome)).toEqual(['not_found']);
    const second = await counter.count(request('other words '.repeat(100)), api, llm.url, signal());
    expect(second.counted).toBe('estimate');
    expect(countRequests(llm)).toHaveLength(1);
    // Another base URL is still asked.
    const other = await scripted(true);
    expect((await counter.count(request('hello'), client(other.url), other.url, signal())).counted).toBe('api');
    expect(countRequests(other)).toHaveLength(1);
  });

  it.each([405, 501])('remembers %i as no count_tokens too', async (status) => {
    const server = await tinyServer(() => ({ status, body: { type: 'error', error: { type: 'not_found_error', message: 'no' } } }));
    const counter = new TokenCounter();
    await counter.count(request('a'), client(server.url), server.url, signal());
    await counter.count(request('b'), client(server.url), server.url, signal());
    expect(server.paths).toEqual(['/v1/messages/count_tokens']);
  });

  it('keeps asking after a passing failure (500, 429), falling back to the estimate meanwhile', async () => {
    let status = 500;
    const server = await tinyServer(() => (status === 200 ? { status, body: { input_tokens: 42 } } : { status, body: { type: 'error', error: { type: 'api_error', message: 'busy' } } }));
    const counter = new TokenCounter();
    expect((await counter.count(request('a'), client(server.url), server.url, signal())).counted).toBe('estimate');
    status = 429;
    expect((await counter.count(request('a'), client(server.url), server.url, signal())).counted).toBe('estimate');
    status = 200;
    expect(await counter.count(request('a'), client(server.url), server.url, signal())).toEqual({ tokens: 42, counted: 'api' });
    expect(server.paths).toHaveLength(3);
  });

  it('calibrates later estimates of that model by the ratio the API counted, within 0.5 to 2', async () => {
    let ratio = 1.5;
    const server = await tinyServer((body) => ({ status: 200, body: { input_tokens: Math.round(estimateRequestTokens(body as unknown as Anthropic.MessageCountTokensParams) * ratio) } }));
    const counter = new TokenCounter();
    const api = client(server.url);
    const big = request('x'.repeat(7_000));
    const raw = estimateRequestTokens(big);
    expect(counter.factor(model)).toBe(1);
    expect(counter.estimate(big)).toBe(raw);
    expect(await counter.count(big, api, server.url, signal())).toEqual({ tokens: Math.round(raw * 1.5), counted: 'api' });
    expect(counter.factor(model)).toBeCloseTo(1.5, 3);
    // Later estimates, with or without the API, use it; another model does not.
    const later = request('y'.repeat(3_500));
    expect(counter.estimate(later)).toBe(Math.ceil(estimateRequestTokens(later) * counter.factor(model)));
    expect(await counter.count(later, undefined, server.url, signal())).toEqual({ tokens: Math.ceil(estimateRequestTokens(later) * counter.factor(model)), counted: 'estimate' });
    expect(counter.factor('claude-haiku-5-5')).toBe(1);
    expect(counter.estimate({ ...later, model: 'claude-haiku-5-5' })).toBe(estimateRequestTokens(later));
    // One odd count moves it at most to the clamp.
    ratio = 10;
    await counter.count(big, api, server.url, signal());
    expect(counter.factor(model)).toBe(2);
    ratio = 0.1;
    await counter.count(big, api, server.url, signal());
    expect(counter.factor(model)).toBe(0.5);
    ratio = 0.9;
    await counter.count(big, api, server.url, signal());
    expect(counter.factor(model)).toBeCloseTo(0.9, 3);
  });

  it('uses the calibrated estimate when a base URL has no count_tokens', async () => {
    let found = true;
    const server = await tinyServer(() => (found ? { status: 200, body: { input_tokens: 4_000 } } : { status: 404, body: { type: 'error', error: { type: 'not_found_error', message: 'no' } } }));
    const counter = new TokenCounter();
    const big = request('x'.repeat(7_000));
    await counter.count(big, client(server.url), server.url, signal());
    const factor = counter.factor(model);
    expect(factor).toBeCloseTo(4_000 / estimateRequestTokens(big), 3);
    const gateway = await tinyServer(() => ({ status: 404, body: { type: 'error', error: { type: 'not_found_error', message: 'no' } } }));
    found = false;
    expect(await counter.count(big, client(gateway.url), gateway.url, signal())).toEqual({ tokens: Math.ceil(estimateRequestTokens(big) * factor), counted: 'estimate' });
  });

  it('stops at once when its signal is aborted, without marking the base URL as having no count_tokens', async () => {
    let hang = true;
    const server = await tinyServer(() => (hang ? 'hang' : { status: 200, body: { input_tokens: 7 } }));
    const counter = new TokenCounter();
    const controller = new AbortController();
    const started = Date.now();
    const pending = counter.count(request('a'), client(server.url), server.url, controller.signal);
    await new Promise((resolve) => setTimeout(resolve, 100));
    controller.abort();
    expect((await pending).counted).toBe('estimate');
    expect(Date.now() - started).toBeLessThan(2_000);
    // Already aborted: nothing is sent.
    const before = server.paths.length;
    expect((await counter.count(request('a'), client(server.url), server.url, controller.signal)).counted).toBe('estimate');
    expect(server.paths.length).toBe(before);
    // The endpoint is still asked next time, and the calibration did not move.
    expect(counter.factor(model)).toBe(1);
    hang = false;
    expect(await counter.count(request('a'), client(server.url), server.url, signal())).toEqual({ tokens: 7, counted: 'api' });
  });

  it('estimates without asking when there is no client (no API key)', async () => {
    const llm = await scripted(true);
    expect(await new TokenCounter().count(request('hello'), undefined, llm.url, signal())).toEqual({ tokens: estimateRequestTokens(request('hello')), counted: 'estimate' });
    expect(llm.requests).toEqual([]);
  });
});
