/**
 * The era probe on the server's own process. For protocol 'auto' on stdio with no verdict, the SDK sends its
 * `server/discover` probe from a short-lived sibling process when the transport is exactly its own
 * StdioClientTransport, and in place (on the session's pipe) for any subclass: see `readStdioServerParams` and
 * `negotiateStdioViaSibling` in @modelcontextprotocol/client. The sibling doubled the CPU of every first start (a second
 * spawn of the server); in place a modern answer is adopted as is, and an error answer or silence is followed by the
 * 2025 `initialize` on the same process. The integration tests count spawns, so an SDK that stopped honouring the
 * subclass would fail them rather than quietly spawn twice again.
 */
import { isJSONRPCErrorResponse, isJSONRPCRequest, isJSONRPCResultResponse, type JSONRPCMessage } from '@modelcontextprotocol/client';
import { StdioClientTransport, type StdioServerParameters } from '@modelcontextprotocol/client/stdio';

type Handler = (message: JSONRPCMessage) => void;

/** How the server answered a probe the SDK had stopped waiting for: a result is modern evidence, an error is not. */
export type LateProbeReply = 'result' | 'error';

// The SDK's probe ids are strings with this prefix, so they never collide with the Protocol's numeric ids.
const probeIdPrefix = 'server-discover-probe-';

function isProbeId(id: unknown): boolean {
  return typeof id === 'string' && id.startsWith(probeIdPrefix);
}

/** The message's id without a schema parse (notifications have none). */
function idOf(message: JSONRPCMessage): unknown {
  return 'id' in message ? message.id : undefined;
}

/** The SDK's stdio transport, probed in place: one process per start, whatever the era. */
export class InPlaceProbeStdioTransport extends StdioClientTransport {
  private late: LateProbeReply | undefined;
  private lateResultValue: unknown;
  private probed = false;
  private answeredInTime = false;
  private handshakeSent = false;

  constructor(server: StdioServerParameters) {
    super(server);
    // A probe that timed out is followed by `initialize` on the same pipe, and a slow server answers both, in order.
    // The late answer is kept here (the Protocol would only log it as an unknown id): it tells a busy server that is
    // really 2025 (an error) from a modern one that missed the window (a result). `onmessage` is an SDK field, so the
    // interception is an accessor on this instance; handlers set and restored through it stay the callers' own.
    const wrappers = new WeakMap<Handler, Handler>();
    const originals = new WeakMap<Handler, Handler>();
    const wrap = (handler: Handler): Handler => {
      let wrapper = wrappers.get(handler);
      if (!wrapper) {
        wrapper = (message) => {
          // The id is tested first: the SDK's type guards are zod parses (microseconds each, tens when they fail), and
          // this runs on every message of the session, not only during the handshake.
          if (isProbeId(idOf(message)) && (isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message))) {
            if (!this.handshakeSent) this.answeredInTime = true;
            else {
              if (this.late === undefined && isJSONRPCResultResponse(message)) this.lateResultValue = message.result;
              this.late ??= isJSONRPCResultResponse(message) ? 'result' : 'error';
              return;
            }
          }
          handler(message);
        };
        wrappers.set(handler, wrapper);
        originals.set(wrapper, handler);
      }
      return wrapper;
    };
    // The wrapper is made when a handler is set, not on each read: the transport reads `onmessage` for every message.
    let wrapped: Handler | undefined;
    Object.defineProperty(this, 'onmessage', {
      configurable: true,
      enumerable: true,
      get: () => wrapped,
      set: (handler: Handler | undefined) => {
        const current = handler ? (originals.get(handler) ?? handler) : undefined;
        wrapped = current ? wrap(current) : undefined;
      },
    });
  }

  /** The answer to the era probe that came after the SDK had moved on to `initialize`, if any. */
  get lateProbeReply(): LateProbeReply | undefined {
    return this.late;
  }

  /** The result of a late probe answer (unvalidated): a modern server's discover result, when `lateProbeReply` is 'result'. */
  get lateResult(): unknown {
    return this.lateResultValue;
  }

  /**
   * True when a 2025 verdict on this process is a guess: the probe was sent, got no answer in time, and no late error
   * answer proved the server 2025 either (a late result means a modern server that was too busy to answer in time).
   */
  get legacyVerdictIsGuess(): boolean {
    return this.probed && !this.answeredInTime && this.late !== 'error';
  }

  /** Notes the probe going out, and the first other request: probe answers after that one are late. */
  override send(message: JSONRPCMessage): Promise<void> {
    // Once the handshake went out there is nothing left to note; before that, the id is tested before the zod guard.
    if (!this.handshakeSent && idOf(message) !== undefined && isJSONRPCRequest(message)) {
      if (isProbeId(message.id)) this.probed = true;
      else this.handshakeSent = true;
    }
    return super.send(message);
  }
}

/** How long to wait for the probe's answer on the server's own process. Waiting costs nothing for a server that answers
 * (its error or its discover result comes when it is up, as its `initialize` answer would); only a server that ignores
 * unknown requests waits it out. So it is longer than the sibling's was: half the connect timeout, 1 to 20 s, which lets
 * a slow start on a busy machine still give a real answer instead of a guess. */
export function inPlaceProbeTimeoutMs(connectTimeoutMs: number): number {
  return Math.min(20_000, Math.max(1000, Math.floor(connectTimeoutMs / 2)));
}

/** What a failed first start of a server looked like. */
export interface FailedStartFacts {
  /** The era was probed in place ('auto', stdio, no cached verdict). */
  probedInPlace: boolean;
  /** The child process exited during the attempt. */
  exited: boolean;
  /** The handshake (discover or initialize) had completed before the failure. */
  handshakeDone: boolean;
  /** The attempt ran out of its connect timeout, or its owner stopped it. */
  timedOutOrCancelled: boolean;
}

/**
 * True when the server may have exited because of the probe itself: some SDKs end the process on any request that
 * comes before `initialize`. Such a start gets one fresh process with the plain 2025 handshake (what the sibling probe
 * would have cost anyway); any other failure stands as it is.
 */
export function lostToProbe(facts: FailedStartFacts): boolean {
  return facts.probedInPlace && facts.exited && !facts.handshakeDone && !facts.timedOutOrCancelled;
}
