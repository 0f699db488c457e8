import { setImmediate as nextCheckPhase } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { Logger } from '../environment.ts';
import { pushOncePerLoopTurn } from './chatListPush.ts';

function recordingLogger(errors: string[]): Logger {
  const none = () => {};
  return { info: none, warn: none, error: (message, fields) => void errors.push(`${message}: ${String(fields?.reason)}`) };
}

// Two check phases: the push runs in the one after the asking turn's.
async function nextLoopTurn(): Promise<void> {
  await nextCheckPhase();
  await nextCheckPhase();
}

describe('the chat list push', () => {
  it('is sent once for every ask in one loop turn, after what the turn sends, and again for a later turn', async () => {
    const sent: string[] = [];
    const push = pushOncePerLoopTurn(() => void sent.push('list'), recordingLogger([]));
    push.soon();
    sent.push('run started');
    push.soon();
    await Promise.resolve();
    push.soon();
    expect(sent).toEqual(['run started']);
    await nextLoopTurn();
    expect(sent).toEqual(['run started', 'list']);
    push.soon();
    await nextLoopTurn();
    expect(sent).toEqual(['run started', 'list', 'list']);
  });

  it('goes after a request made later in the same loop turn (the HTTP client writes it from a setImmediate)', async () => {
    const sent: string[] = [];
    const push = pushOncePerLoopTurn(() => void sent.push('list'), recordingLogger([]));
    // A send asks for the push, then its run builds the first request, whose socket write is queued after the ask.
    push.soon();
    await Promise.resolve();
    setImmediate(() => void sent.push('request written'));
    await nextLoopTurn();
    expect(sent).toEqual(['request written', 'list']);
  });

  it('is dropped once closed (the history is closing), and a failed push is logged, not thrown', async () => {
    const errors: string[] = [];
    let pushes = 0;
    const failing = pushOncePerLoopTurn(() => {
      pushes++;
      throw new Error('database is not open');
    }, recordingLogger(errors));
    failing.soon();
    await nextLoopTurn();
    expect(errors).toEqual(['chat list not pushed: Error: database is not open']);
    failing.soon();
    failing.close();
    await nextLoopTurn();
    expect(pushes).toBe(1);
  });
});
