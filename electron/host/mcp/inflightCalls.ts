/**
 * The tool calls in flight on one server: each call's timeout (restarted by progress, paused while the user answers an
 * elicitation), and what an elicitation learns about the call that caused it.
 *
 * A call's timeout is a deadline that one timer per server reads, not a timer of its own: starting a call, a progress
 * notification and a pause only write a number. A timer per call (set, then cleared a few hundred microseconds later on
 * a fast tool) was part of what every routed call cost over a bare SDK call (issue 12, `call` bench).
 */

/** One call in flight: its abort controller (Stop and the timeout cancel the request through it) and its deadline. */
export class InflightCall {
  /** Aborted when the call times out or its caller stops it; the SDK then sends `notifications/cancelled`. */
  readonly controller = new AbortController();
  readonly chatId: string | undefined;
  /** True once the deadline passed: the abort that follows is reported as a timeout, not as a cancel. */
  timedOut = false;
  /** performance.now() by which the call must have answered or sent progress; ignored while paused. */
  deadline: number;
  private paused = 0;
  private readonly owner: InflightCalls;
  private readonly delayMs: number;

  constructor(owner: InflightCalls, delayMs: number, chatId: string | undefined) {
    this.owner = owner;
    this.delayMs = delayMs;
    this.chatId = chatId;
    this.deadline = owner.now() + delayMs;
  }

  /** Progress arrived: the full delay starts again (the shared timer finds the later deadline when it fires). */
  progressed(): void {
    this.deadline = this.owner.now() + this.delayMs;
  }

  /** An elicitation waits for the user: the call cannot time out meanwhile. */
  pause(): void {
    this.paused += 1;
  }

  /** The user answered: after the last pause ends the full delay starts again, as after progress. */
  resume(): void {
    if (this.paused === 0 || --this.paused > 0) return;
    this.progressed();
    this.owner.wake(this.deadline);
  }

  /** Whether the shared timer should skip this call. */
  get isPaused(): boolean {
    return this.paused > 0;
  }

  /** The deadline passed: cancel the request and remember why. */
  expire(): void {
    this.timedOut = true;
    this.controller.abort(new Error('timeout'));
  }
}

/** What an elicitation learns about the calls it may belong to. */
export interface ElicitationAttribution {
  /** The chat, when every call in flight on this server belongs to the same one. */
  chatId?: string;
  /** Aborts when the (single) call in flight is aborted. */
  signal?: AbortSignal;
  /** Pauses the timeouts of the calls in flight; returns the resume function. */
  pause(): () => void;
}

/** The calls in flight on one server, with the one timer that enforces their deadlines. */
export class InflightCalls {
  private readonly calls = new Set<InflightCall>();
  private timer: NodeJS.Timeout | undefined;
  /** When the armed timer fires (+Infinity when none is armed). */
  private timerAt = Number.POSITIVE_INFINITY;
  /** The clock deadlines are read on (monotonic: a change of the wall clock must not fire or stall a timeout). */
  readonly now: () => number;

  constructor(now: () => number = () => performance.now()) {
    this.now = now;
  }

  /** Registers a call that must answer (or send progress) within `delayMs`; `finish` it when it settles. */
  start(delayMs: number, chatId: string | undefined): InflightCall {
    const call = new InflightCall(this, delayMs, chatId);
    this.calls.add(call);
    this.wake(call.deadline);
    return call;
  }

  /** The call settled. The timer is left armed: it finds nothing to do, or the next call's deadline. */
  finish(call: InflightCall): void {
    this.calls.delete(call);
  }

  /** Number of calls in flight. */
  get size(): number {
    return this.calls.size;
  }

  /** Makes sure the timer fires by `deadline`. A timer already due earlier is kept: it re-arms for what is left. */
  wake(deadline: number): void {
    if (deadline >= this.timerAt) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = deadline;
    this.timer = setTimeout(this.sweep, Math.max(1, Math.ceil(deadline - this.now())));
    // A call in flight keeps the process alive through its pipe or socket; a timer left armed after the last call must not.
    this.timer.unref();
  }

  private readonly sweep = (): void => {
    this.timer = undefined;
    this.timerAt = Number.POSITIVE_INFINITY;
    const now = this.now();
    let next = Number.POSITIVE_INFINITY;
    for (const call of this.calls) {
      if (call.isPaused || call.timedOut) continue;
      if (call.deadline <= now) call.expire();
      else if (call.deadline < next) next = call.deadline;
    }
    if (next !== Number.POSITIVE_INFINITY) this.wake(next);
  };

  /**
   * Ties an incoming elicitation to calls in flight. Neither a legacy server→client request nor an MRTR round names the
   * call that caused it, so: one call in flight is the cause; several from one chat share its id; otherwise no chat.
   * Every call in flight is paused, since any of them may be the one waiting for the user.
   */
  attribute(): ElicitationAttribution {
    const calls = [...this.calls];
    const chats = new Set(calls.map((call) => call.chatId));
    const onlyChat = chats.size === 1 ? [...chats][0] : undefined;
    const only = calls.length === 1 ? calls[0] : undefined;
    return {
      ...(onlyChat !== undefined ? { chatId: onlyChat } : {}),
      ...(only ? { signal: only.controller.signal } : {}),
      pause: () => {
        for (const call of calls) call.pause();
        let resumed = false;
        return () => {
          if (resumed) return;
          resumed = true;
          for (const call of calls) call.resume();
        };
      },
    };
  }
}
