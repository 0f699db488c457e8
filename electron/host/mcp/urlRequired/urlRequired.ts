/**
 * URL elicitation that a call requires (2025-11-25 `-32042`): the server refuses a call until the user has visited a
 * URL ("connect your account"). The URL is shown as the usual URL prompt; once the user has opened it and the server
 * reports `notifications/elicitation/complete` for it, the call is sent once more. The 2026-07-28 revision has neither
 * the error nor the notification: there the server returns an input-required URL elicitation, which the SDK routes
 * through the ordinary elicitation handler.
 */
import { ProtocolError, ProtocolErrorCode, type ElicitRequestURLParams } from '@modelcontextprotocol/client';
import { hostErr, ok, type Result } from '../../../../shared/errors.ts';
import { hostMessage } from '../../../../shared/hostMessages.ts';
import type { ElicitationBroker } from '../../ports.ts';

/** How long the host waits, after the user opened the URL, for the server to say the flow is complete. */
export const defaultCompletionWaitMs = 10 * 60_000;

/** Completed elicitation ids remembered, so a completion that arrives before we start waiting is not lost. */
const rememberedCompletions = 64;

/** The URL elicitations a `-32042` error carries, or undefined for any other error. */
export function urlElicitationsOf(error: unknown): ElicitRequestURLParams[] | undefined {
  if (!(error instanceof ProtocolError) || error.code !== (ProtocolErrorCode.UrlElicitationRequired as number)) return undefined;
  const data: unknown = error.data;
  const list: unknown = typeof data === 'object' && data !== null && 'elicitations' in data ? data.elicitations : undefined;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (item): item is ElicitRequestURLParams =>
      typeof item === 'object' && item !== null && (item as { mode?: unknown }).mode === 'url' && typeof (item as { url?: unknown }).url === 'string' && typeof (item as { message?: unknown }).message === 'string',
  );
}

/** One server's URL elicitations: the prompts for `-32042` and the `notifications/elicitation/complete` bookkeeping. */
export class UrlElicitations {
  private readonly waiters = new Map<string, Set<() => void>>();
  private readonly completed: string[] = [];

  private readonly serverId: string;
  private readonly broker: ElicitationBroker;
  private readonly completionWaitMs: number;

  constructor(serverId: string, broker: ElicitationBroker, completionWaitMs = defaultCompletionWaitMs) {
    this.serverId = serverId;
    this.broker = broker;
    this.completionWaitMs = completionWaitMs;
  }

  /**
   * `notifications/elicitation/complete`: wakes a call waiting to retry and closes a prompt for that id still on screen
   * (the user finished elsewhere, so the prompt is answered as accepted).
   */
  complete(elicitationId: string): void {
    this.completed.push(elicitationId);
    if (this.completed.length > rememberedCompletions) this.completed.shift();
    for (const wake of this.waiters.get(elicitationId) ?? []) wake();
    this.waiters.delete(elicitationId);
    for (const pending of this.broker.list()) {
      if (pending.serverId === this.serverId && pending.mode === 'url' && pending.elicitationId === elicitationId) this.broker.answer(pending.id, { action: 'accept' });
    }
  }

  /**
   * Shows each URL the call requires and waits until the user has opened it and the server has completed it.
   * Ok means the call may be sent once more; an error says why not (declined, cancelled, no completion in time).
   */
  async satisfy(elicitations: ElicitRequestURLParams[], context: { chatId?: string; signal?: AbortSignal }): Promise<Result<null>> {
    if (elicitations.length === 0) return hostErr('protocol_error', hostMessage('urlElicitation.noUrl'));
    for (const elicitation of elicitations) {
      const answer = await this.broker.request(
        {
          serverId: this.serverId,
          message: elicitation.message,
          mode: 'url',
          url: elicitation.url,
          elicitationId: elicitation.elicitationId,
          ...(context.chatId !== undefined ? { chatId: context.chatId } : {}),
        },
        context.signal ? { signal: context.signal } : {},
      );
      if (context.signal?.aborted) return hostErr('cancelled', hostMessage('call.cancelled'));
      if (answer.action !== 'accept') {
        return hostErr('cancelled', hostMessage(answer.action === 'decline' ? 'urlElicitation.declined' : 'urlElicitation.cancelled', { url: elicitation.url }));
      }
      const done = await this.waitForCompletion(elicitation.elicitationId, context.signal);
      if (!done.ok) return done;
    }
    return ok(null);
  }

  private waitForCompletion(elicitationId: string, signal: AbortSignal | undefined): Promise<Result<null>> {
    if (this.completed.includes(elicitationId)) return Promise.resolve(ok(null));
    return new Promise((resolve) => {
      const set = this.waiters.get(elicitationId) ?? new Set<() => void>();
      this.waiters.set(elicitationId, set);
      const finish = (result: Result<null>) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        set.delete(wake);
        if (set.size === 0 && this.waiters.get(elicitationId) === set) this.waiters.delete(elicitationId);
        resolve(result);
      };
      const wake = () => finish(ok(null));
      const onAbort = () => finish(hostErr('cancelled', hostMessage('call.cancelled')));
      const timer = setTimeout(
        () => finish(hostErr('timeout', hostMessage('urlElicitation.timeout', { minutes: Math.round(this.completionWaitMs / 60_000) }))),
        this.completionWaitMs,
      );
      set.add(wake);
      if (signal?.aborted) onAbort();
      else signal?.addEventListener('abort', onAbort, { once: true });
    });
  }
}
