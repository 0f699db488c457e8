import { describe, expect, it } from 'vitest';
import { ProtocolError } from '@modelcontextprotocol/client';
import { HostEventHub } from '../events.ts';
import { createSamplingBroker, type SamplingRunner } from './samplingBroker.ts';

const params = { messages: [{ role: 'user' as const, content: { type: 'text' as const, text: 'hi' } }], maxTokens: 10 };

describe('sampling broker rate limit', () => {
  it('refuses the 11th request of a server within a minute with a clear error, counts servers apart, and allows again later', async () => {
    let clock = 1_000_000;
    let runs = 0;
    const runner: SamplingRunner = () => {
      runs += 1;
      return Promise.resolve({ ok: true, value: { model: 'm', text: 'ok' } });
    };
    const notes: string[] = [];
    const broker = createSamplingBroker(new HostEventHub(), runner, { now: () => clock, note: (_id, text) => notes.push(text) });
    for (let i = 0; i < 10; i += 1) await expect(broker.request({ serverId: 'a', params, alwaysAllow: true })).resolves.toMatchObject({ content: { type: 'text', text: 'ok' } });
    const refused = await broker.request({ serverId: 'a', params, alwaysAllow: true }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProtocolError);
    expect((refused as ProtocolError).message).toContain('asked more than 10 times in 60 s');
    expect(runs).toBe(10);
    expect(notes.some((note) => note.startsWith('Sampling refused'))).toBe(true);
    // Another server has its own budget.
    await expect(broker.request({ serverId: 'b', params, alwaysAllow: true })).resolves.toBeDefined();
    clock += 60_001;
    await expect(broker.request({ serverId: 'a', params, alwaysAllow: true })).resolves.toBeDefined();
  });

  it('a refused request never shows a card', async () => {
    const events = new HostEventHub();
    const shown: unknown[] = [];
    events.subscribe((event, payload) => {
      if (event === 'sampling.changed') shown.push(payload);
    });
    const broker = createSamplingBroker(events, () => Promise.resolve({ ok: true, value: { model: 'm', text: 'ok' } }), { perMinute: 0 });
    await expect(broker.request({ serverId: 'a', params, alwaysAllow: false })).rejects.toBeInstanceOf(ProtocolError);
    expect(shown).toEqual([]);
  });
});
