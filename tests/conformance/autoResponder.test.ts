import { describe, expect, it } from 'vitest';
import type { ElicitationSchema } from '../../shared/elicitation.ts';
import { createElicitationBroker } from '../../electron/host/elicitation/broker.ts';
import { HostEventHub } from '../../electron/host/events.ts';
import { defaultsOf, startAutoResponder } from './autoResponder.ts';

const schema: ElicitationSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', default: 'John Doe' },
    age: { type: 'integer', default: 30 },
    score: { type: 'number', default: 95.5 },
    status: { type: 'string', enum: ['active', 'inactive'], default: 'active' },
    verified: { type: 'boolean', default: true },
    nickname: { type: 'string' },
  },
};

describe('auto responder', () => {
  it('fills every field that declares a default and leaves the others out', () => {
    expect(defaultsOf(schema)).toEqual({ name: 'John Doe', age: 30, score: 95.5, status: 'active', verified: true });
  });

  it('answers requests through the real broker so the server gets an accept with the defaults', async () => {
    const events = new HostEventHub();
    const broker = createElicitationBroker(events);
    const stop = startAutoResponder(events, broker);
    const answer = await broker.request({ serverId: 's', message: 'Your details?', mode: 'form', requestedSchema: schema });
    expect(answer).toEqual({ action: 'accept', content: { name: 'John Doe', age: 30, score: 95.5, status: 'active', verified: true } });
    expect(broker.list()).toEqual([]);
    stop();
    const unanswered = broker.request({ serverId: 's', message: 'again', mode: 'form', requestedSchema: schema }, { timeoutMs: 50 });
    await expect(unanswered).resolves.toEqual({ action: 'cancel' });
  });
});
