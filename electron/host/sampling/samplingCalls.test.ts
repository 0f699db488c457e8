/** The sampling cards' calls: an answer to a request that no longer waits is refused with a code the card translates. */
import { describe, expect, it } from 'vitest';
import { HostEventHub } from '../events.ts';
import { createSamplingBroker } from './samplingBroker.ts';
import { createSamplingCalls } from './samplingCalls.ts';

describe('sampling calls', () => {
  it('refuses an answer to a request that is not waiting, as a host message', async () => {
    const broker = createSamplingBroker(new HostEventHub(), () => Promise.resolve({ ok: true, value: { model: 'm', text: 'ok' } }));
    const answered = await createSamplingCalls(broker)['sampling.answer']({ id: 'old', answer: { action: 'allow' } });
    expect(answered).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'This sampling request is no longer waiting for an answer', text: { code: 'sampling.gone' } },
    });
  });
});
