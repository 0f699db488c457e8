import { describe, expect, it } from 'vitest';
import { applyServersDelta, type ServerView } from '../../../shared/servers.ts';
import { createServersDeltaTracker } from './serversDelta.ts';

const view = (id: string, state: 'connecting' | 'disabled' = 'connecting'): ServerView => ({
  id,
  config: { command: 'node' },
  status: state === 'disabled' ? { state } : { state, since: 1 },
  transport: 'stdio',
});

describe('servers.changed deltas', () => {
  it('sends every server first, then only the ones whose view changed, and nothing when none did', () => {
    const tracker = createServersDeltaTracker();
    expect(tracker.next([view('a'), view('b')])).toEqual({ changed: [view('a'), view('b')], order: ['a', 'b'] });
    expect(tracker.next([view('a'), view('b')])).toBeUndefined();
    expect(tracker.next([view('a'), view('b', 'disabled')])).toEqual({ changed: [view('b', 'disabled')], order: ['a', 'b'] });
  });

  it('a removal or a new order is sent as the ids alone', () => {
    const tracker = createServersDeltaTracker();
    tracker.next([view('a'), view('b'), view('c')]);
    expect(tracker.next([view('c'), view('a')])).toEqual({ changed: [], order: ['c', 'a'] });
  });

  it('the window applies a delta keeping unchanged views as the same objects, dropping removed ones', () => {
    const a = view('a');
    const list = applyServersDelta([a, view('b'), view('c')], { changed: [view('b', 'disabled'), view('d')], order: ['a', 'b', 'd'] });
    expect(list).toEqual([a, view('b', 'disabled'), view('d')]);
    expect(list[0]).toBe(a);
  });
});
