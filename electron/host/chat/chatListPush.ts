/**
 * The chat list push ('chats.changed': the first 100 chats) once per loop turn. A send pushed it before its run
 * started, so reading and sending 100 summaries stood between the user's message and the first API request; a run's
 * end pushed it right after telling the window the run ended. Now every push asked for in one loop turn (a send, a
 * run's end, several chats stopped at once) is one push, in that turn's check phase: after the request is on its way,
 * after the run's end is sent. The window gets the same list, a loop turn later.
 */
import type { Logger } from '../environment.ts';
import { CoalescedTask, nextLoopTurn } from '../coalescedTask.ts';

/** Runs `push` once in the current loop turn's check phase, however often `soon` was called; close it before the history closes. */
export function pushOncePerLoopTurn(push: () => void, logger: Logger): CoalescedTask {
  // A list the window misses is read again at the next push; a throw here would end the process.
  return new CoalescedTask(push, (cause) => logger.error('chat list not pushed', { reason: String(cause) }), nextLoopTurn);
}
