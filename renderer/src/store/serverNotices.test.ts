import { describe, expect, it } from 'vitest';
import type { ServerStatus, ServerView } from '../../../shared/servers.ts';
import { createTransitionTracker } from './serverNotices.ts';

const view = (id: string, status: ServerStatus): ServerView => ({ id, config: { command: 'x' }, status, transport: 'stdio' });
const ready: ServerStatus = {
  state: 'ready', since: 0, era: 'legacy', protocolVersion: '2025-11-25', serverName: 's', serverVersion: '1',
  capabilities: { tools: true, resources: false, prompts: false, logging: false, completions: false, listChanged: { tools: false, resources: false, prompts: false }, subscribe: false },
  counts: { tools: 1, resources: 0, prompts: 0 }, warnings: [],
};

describe('server transition toasts', () => {
  it('announces a crash once and the recovery after connecting again', () => {
    const track = createTransitionTracker([view('a', ready)]);
    expect(track([view('a', { state: 'restarting', attempt: 1, nextTryAt: 1, lastError: 'exited with code 3' })])).toEqual([{ id: 'a', kind: 'failed', message: 'exited with code 3' }]);
    expect(track([view('a', { state: 'restarting', attempt: 2, nextTryAt: 2, lastError: 'again' })])).toEqual([]);
    expect(track([view('a', { state: 'connecting', since: 3 })])).toEqual([]);
    expect(track([view('a', ready)])).toEqual([{ id: 'a', kind: 'recovered' }]);
  });

  it('announces a just-added server that fails at once the same as one seen connecting first, then its recovery', () => {
    const failed: ServerStatus = { state: 'error', message: 'boom', code: 'process_exited', stderrTail: [], at: 0 };
    const instant = createTransitionTracker([]);
    const seenConnecting = createTransitionTracker([]);
    expect(seenConnecting([view('b', { state: 'connecting', since: 0 })])).toEqual([]);
    expect(instant([view('b', failed)])).toEqual([{ id: 'b', kind: 'failed', message: 'boom' }]);
    expect(seenConnecting([view('b', failed)])).toEqual([{ id: 'b', kind: 'failed', message: 'boom' }]);
    expect(instant([view('b', failed)])).toEqual([]);
    expect(instant([view('b', ready)])).toEqual([{ id: 'b', kind: 'recovered' }]);
  });

  it('stays quiet for servers already failing in the first list', () => {
    const track = createTransitionTracker([view('c', { state: 'error', message: 'boom', code: 'process_exited', stderrTail: [], at: 0 })]);
    expect(track([view('c', { state: 'error', message: 'boom again', code: 'process_exited', stderrTail: [], at: 1 })])).toEqual([]);
  });
});
