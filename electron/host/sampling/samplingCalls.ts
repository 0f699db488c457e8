/** Host calls for the sampling cards: the pending list and the user's answer. */
import { hostErr, ok } from '../../../shared/errors.ts';
import { hostMessage } from '../../../shared/hostMessages.ts';
import type { HostApi } from '../../../shared/contract.ts';
import type { SamplingBroker } from './samplingBroker.ts';

/** Calls answered by the sampling broker. */
export type SamplingCalls = Pick<HostApi, 'sampling.list' | 'sampling.answer'>;

/** The calls for one broker. */
export function createSamplingCalls(broker: SamplingBroker): SamplingCalls {
  return {
    'sampling.list': () => Promise.resolve(ok(broker.list())),
    'sampling.answer': ({ id, answer }) => Promise.resolve(broker.answer(id, answer) ? ok(null) : hostErr('not_found', hostMessage('sampling.gone'))),
  };
}
