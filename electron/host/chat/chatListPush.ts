/**
 * The chat list push ('chats.changed': the first 100 chats) once per loop turn. A send pushed it before its run
 * started, so reading and sending 100 summaries stood between the user's message and the first API request; a run's
 * end pushed it right after telling the window the run ended. Now every push asked for in one loop turn (a send, a
 * run's end, several chats stopped at once) is one push, in the next loop turn's check phase: after the first request
 * is written to its socket, after the run's end is sent. The window gets the same list, a loop turn or two later.
 *
 * Not in the asking turn's own check phase: a send asks for the push before its run builds the first request, and the
 * HTTP client writes that request from a setImmediate queued when the request is made, behind the push's. Run there,
 * the push (reading the changed chats, copying 100 summaries) sat between the request made and the request sent: 0.13
 * of the 0.16 ms between them in `chat-unpaced`, against 0.03 ms for a later request of the run.
 */
import type { Logger } from '../environment.ts';
import { CoalescedTask, afterNextCheckPhase } from '../coalescedTask.ts';

/** Runs `push` once, in the next loop turn's check phase, however often `soon` was called; close it before the history closes. */
export function pushOncePerLoopTurn(push: () => void, logger: Logger): CoalescedTask {
  // A list the window misses is read again at the next push; a throw here would end the process.
  return new CoalescedTask(push, (cause) => logger.error('chat list not pushed', { reason: String(cause) }), afterNextCheckPhase);
}
