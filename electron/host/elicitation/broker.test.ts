import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PendingElicitation } from '../../../shared/elicitation.ts';
import { HostEventHub } from '../events.ts';
import { createElicitationBroker, defaultElicitationTimeoutMs } from './broker.ts';

type Delta = { added: PendingElicitation[]; removed: string[] };

function setup(options: Parameters<typeof createElicitationBroker>[1] = {}) {
  const events = new HostEventHub();
  const changes: Delta[] = [];
  events.subscribe((event, payload) => {
    if (event === 'elicitations.delta') changes.push(payload as Delta);
  });
  return { broker: createElicitationBroker(events, options), changes };
}

const form = { type: 'object' as const, properties: { name: { type: 'string' as const } }, required: ['name'] };

describe('createElicitationBroker', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hands the user answer back to the server and pushes each change as a delta', async () => {
    const { broker, changes } = setup();
    const answer = broker.request({ serverId: 'srv', chatId: 'chat-1', message: 'Your name?', mode: 'form', requestedSchema: form });
    const [pending] = broker.list();
    expect(pending).toMatchObject({ serverId: 'srv', chatId: 'chat-1', mode: 'form', message: 'Your name?', requestedSchema: form });
    expect(pending && pending.expiresAt - pending.createdAt).toBe(defaultElicitationTimeoutMs);
    expect(broker.answer(pending?.id ?? '', { action: 'accept', content: { name: 'Ada' } })).toBe(true);
    await expect(answer).resolves.toEqual({ action: 'accept', content: { name: 'Ada' } });
    expect(broker.answer(pending?.id ?? '', { action: 'decline' })).toBe(false);
    expect(changes).toEqual([{ added: [pending], removed: [] }, { added: [], removed: [pending?.id] }]);
  });

  it('cancels a request nobody answers within ten minutes by default', async () => {
    vi.useFakeTimers();
    const { broker } = setup();
    const answer = broker.request({ serverId: 'srv', message: 'Open this', mode: 'url', url: 'https://example.com/auth' });
    vi.advanceTimersByTime(defaultElicitationTimeoutMs - 1);
    expect(broker.list()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await expect(answer).resolves.toEqual({ action: 'cancel' });
    expect(broker.list()).toHaveLength(0);
  });

  it('cancelAll(chatId) cancels only that chat, and an abort cancels its request', async () => {
    const { broker } = setup();
    const a = broker.request({ serverId: 's', chatId: 'chat-1', message: 'a', mode: 'form', requestedSchema: form });
    const b = broker.request({ serverId: 's', chatId: 'chat-2', message: 'b', mode: 'form', requestedSchema: form });
    broker.cancelAll('chat-1');
    await expect(a).resolves.toEqual({ action: 'cancel' });
    expect(broker.list().map((p) => p.chatId)).toEqual(['chat-2']);
    const controller = new AbortController();
    const c = broker.request({ serverId: 's', message: 'c', mode: 'form', requestedSchema: form }, { signal: controller.signal });
    controller.abort();
    await expect(c).resolves.toEqual({ action: 'cancel' });
    broker.cancelAll();
    await expect(b).resolves.toEqual({ action: 'cancel' });
    expect(broker.list()).toEqual([]);
  });

  it('shows at most 3 requests per server, queues the rest in order, refuses beyond 20 with an MCP error and says so in the log', async () => {
    const notes: string[] = [];
    const { broker, changes } = setup({ note: (serverId, text) => notes.push(`${serverId}: ${text}`) });
    const ask = (serverId: string, i: number) => broker.request({ serverId, message: `q${i}`, mode: 'form', requestedSchema: form });
    const answers = Array.from({ length: 25 }, (_, i) => ask('flood', i + 1));
    const settled = answers.map((answer) => answer.then((value) => ({ ok: true as const, value }), (error: Error) => ({ ok: false as const, error })));
    const other = ask('calm', 0);
    expect(broker.list().map((p) => `${p.serverId}:${p.message}`)).toEqual(['flood:q1', 'flood:q2', 'flood:q3', 'calm:q0']);
    const refused = (await Promise.all(settled.slice(20))).map((r) => (r.ok ? 'answered' : r.error.message));
    expect(refused).toHaveLength(5);
    for (const message of refused) expect(message).toMatch(/Too many requests for user input: flood already has 20 waiting/);
    expect(notes.filter((note) => note.startsWith('flood: Too many'))).toHaveLength(5);
    expect(notes.some((note) => note.startsWith('flood: The server asks for input more than 3 times'))).toBe(true);

    // Answering one brings the next queued one on screen; every push is a small delta, never the whole list.
    const first = broker.list()[0];
    broker.answer(first?.id ?? '', { action: 'decline' });
    await expect(answers[0]).resolves.toEqual({ action: 'decline' });
    expect(broker.list().filter((p) => p.serverId === 'flood').map((p) => p.message)).toEqual(['q2', 'q3', 'q4']);
    expect(changes.at(-2)).toEqual({ added: [], removed: [first?.id] });
    expect(changes.at(-1)?.added.map((p) => p.message)).toEqual(['q4']);
    expect(Math.max(...changes.map((c) => c.added.length + c.removed.length))).toBe(1);

    broker.cancelAll();
    await expect(Promise.all(answers.slice(1, 20))).resolves.toEqual(Array.from({ length: 19 }, () => ({ action: 'cancel' })));
    await expect(other).resolves.toEqual({ action: 'cancel' });
    expect(broker.list()).toEqual([]);
  });

  it('a queued request that is aborted leaves the queue and starts its timeout only once shown', async () => {
    vi.useFakeTimers();
    const { broker } = setup({ limits: { shownPerServer: 1 } });
    const first = broker.request({ serverId: 's', message: 'first', mode: 'form', requestedSchema: form });
    const controller = new AbortController();
    const aborted = broker.request({ serverId: 's', message: 'aborted', mode: 'form', requestedSchema: form }, { signal: controller.signal });
    const third = broker.request({ serverId: 's', message: 'third', mode: 'form', requestedSchema: form });
    controller.abort();
    await expect(aborted).resolves.toEqual({ action: 'cancel' });
    vi.advanceTimersByTime(defaultElicitationTimeoutMs);
    await expect(first).resolves.toEqual({ action: 'cancel' });
    expect(broker.list().map((p) => p.message)).toEqual(['third']);
    vi.advanceTimersByTime(defaultElicitationTimeoutMs);
    await expect(third).resolves.toEqual({ action: 'cancel' });
  });
});
