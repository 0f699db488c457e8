import { setImmediate as nextCheckPhase } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { Logger } from '../environment.ts';
import { pushOncePerLoopTurn } from './chatListPush.ts';

function recordingLogger(errors: string[]): Logger {
  const none = () => {};
  return { info: none, warn: none, error: (message, fields) => void errors.push(`${message}: ${String(fields?.reason)}`) };
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
    await nextCheckPhase();
    expect(sent).toEqual(['run started', 'list']);
    push.soon();
    await nextCheckPhase();
    expect(sent).toEqual(['run started', 'list', 'list']);
  });

  it('is dropped once closed (the history is closing), and a failed push is logged, not thrown', async () => {
    const errors: string[] = [];
    let pushes = 0;
    const failing = pushOncePerLoopTurn(() => {
      pushes++;
      throw new Error('database is not open');
    }, recordingLogger(errors));
    failing.soon();
    await nextCheckPhase();
    expect(errors).toEqual(['chat list not pushed: Error: database is not open']);
    failing.soon();
    failing.close();
    await nextCheckPhase();
    expect(pushes).toBe(1);
  });
});
