import { ProtocolError, ProtocolErrorCode, UrlElicitationRequiredError } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { HostEventHub } from '../../events.ts';
import { createElicitationBroker } from '../../elicitation/broker.ts';
import { UrlElicitations, urlElicitationsOf } from './urlRequired.ts';

const url = { mode: 'url' as const, message: 'Connect', url: 'https://example.com/connect', elicitationId: 'e1' };

describe('urlElicitationsOf', () => {
  it('reads the URL elicitations of a -32042 error and nothing else', () => {
    expect(urlElicitationsOf(new UrlElicitationRequiredError([url]))).toEqual([url]);
    expect(urlElicitationsOf(new ProtocolError(ProtocolErrorCode.UrlElicitationRequired, 'x', { elicitations: [url, { mode: 'form' }] }))).toEqual([url]);
    expect(urlElicitationsOf(new ProtocolError(ProtocolErrorCode.InvalidParams, 'x'))).toBeUndefined();
    expect(urlElicitationsOf(new Error('x'))).toBeUndefined();
  });
});

describe('UrlElicitations', () => {
  it('retries only after the user accepted and the server completed; a completion that came first is remembered', async () => {
    const broker = createElicitationBroker(new HostEventHub());
    const flow = new UrlElicitations('s', broker, 60_000);
    flow.complete('e1');
    const done = flow.satisfy([url], {});
    await expect.poll(() => broker.list().length).toBe(1);
    broker.answer(broker.list()[0]?.id ?? '', { action: 'accept' });
    expect(await done).toEqual({ ok: true, value: null });
  });

  it('gives up with timeout when the server never completes', async () => {
    const broker = createElicitationBroker(new HostEventHub());
    const flow = new UrlElicitations('s', broker, 50);
    const done = flow.satisfy([{ ...url, elicitationId: 'never' }], {});
    await expect.poll(() => broker.list().length).toBe(1);
    broker.answer(broker.list()[0]?.id ?? '', { action: 'accept' });
    expect(await done).toMatchObject({ ok: false, error: { code: 'timeout', text: { code: 'urlElicitation.timeout', params: { minutes: 0 } } } });
  });

  it('words a declined page, a cancelled call and a -32042 without a URL as codes the window translates', async () => {
    const broker = createElicitationBroker(new HostEventHub());
    const flow = new UrlElicitations('s', broker, 60_000);
    expect(await flow.satisfy([], {})).toMatchObject({ ok: false, error: { code: 'protocol_error', text: { code: 'urlElicitation.noUrl' } } });
    const declined = flow.satisfy([url], {});
    await expect.poll(() => broker.list().length).toBe(1);
    broker.answer(broker.list()[0]?.id ?? '', { action: 'decline' });
    expect(await declined).toMatchObject({
      ok: false,
      error: { code: 'cancelled', message: `The server needs you to open ${url.url} before this call can run; the request was declined.`, text: { code: 'urlElicitation.declined', params: { url: url.url } } },
    });
    const stop = new AbortController();
    const stopped = flow.satisfy([{ ...url, elicitationId: 'e2' }], { signal: stop.signal });
    await expect.poll(() => broker.list().length).toBe(1);
    stop.abort();
    expect(await stopped).toMatchObject({ ok: false, error: { code: 'cancelled', text: { code: 'call.cancelled' } } });
  });
});
