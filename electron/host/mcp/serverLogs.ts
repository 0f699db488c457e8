/** Per-server log ring buffers (stderr, server log notifications, host notes) with a throttled live feed. */
import { StringDecoder } from 'node:string_decoder';
import type { LogLine, ServerStatus } from '../../../shared/servers.ts';
import { mapParams } from '../../../shared/hostMessages.ts';

/** What stands in a log line where a configured secret was. */
export const REDACTED = '[redacted]';

/** Replaces every occurrence of each secret (longest first, as `secretValues` sorts them) in `text`. */
export function redactText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (out.includes(secret)) out = out.replaceAll(secret, REDACTED);
  return out;
}

/** A status with every text a server could have written (stderr tail, messages, warnings) redacted. */
export function redactStatus(status: ServerStatus, redact: (text: string) => string): ServerStatus {
  switch (status.state) {
    case 'error':
      return {
        ...status,
        message: redact(status.message),
        stderrTail: status.stderrTail.map(redact),
        ...(status.detail !== undefined ? { detail: redact(status.detail) } : {}),
        // The parameters hold what the server wrote (a stdout line, an error text): a secret it echoed is hidden here too.
        ...(status.text ? { text: mapParams(status.text, redact) } : {}),
        ...(status.hints ? { hints: status.hints.map((hint) => mapParams(hint, redact)) } : {}),
      };
    case 'ready':
      return {
        ...status,
        warnings: status.warnings.map(redact),
        ...(status.warningTexts ? { warningTexts: status.warningTexts.map((text) => mapParams(text, redact)) } : {}),
        ...(status.instructions !== undefined ? { instructions: redact(status.instructions) } : {}),
      };
    case 'restarting':
      return { ...status, lastError: redact(status.lastError), ...(status.lastErrorText ? { lastErrorText: mapParams(status.lastErrorText, redact) } : {}) };
    case 'auth_required':
      return {
        ...status,
        message: redact(status.message),
        ...(status.text ? { text: mapParams(status.text, redact) } : {}),
        ...(status.failureText ? { failureText: mapParams(status.failureText, redact) } : {}),
      };
    case 'invalid':
      return { ...status, message: redact(status.message), ...(status.text ? { text: mapParams(status.text, redact) } : {}) };
    case 'disabled':
    case 'connecting':
    case 'queued':
      return status;
  }
}

/** Limits of the log buffers; injectable so tests can use small numbers. */
export interface ServerLogLimits {
  /** Lines kept per server. */
  maxLines: number;
  /** Characters kept per line; longer lines are cut with an ellipsis. */
  maxLineChars: number;
  /** Lines pushed live per server per second; the rest stay readable through `tail` only. */
  livePerSecond: number;
}

/** Default limits: the last 1,000 lines per server. */
export const defaultLogLimits: ServerLogLimits = { maxLines: 1000, maxLineChars: 4000, livePerSecond: 200 };

interface Ring {
  lines: LogLine[];
  windowStart: number;
  windowCount: number;
  suppressed: number;
}

/** Keeps the last lines of every server and forwards them live, throttled so a flooding server cannot swamp the UI. */
export class ServerLogs {
  private readonly rings = new Map<string, Ring>();
  private readonly secrets = new Map<string, readonly string[]>();
  private seq = 0;
  private readonly limits: ServerLogLimits;
  private readonly onLine: (line: LogLine) => void;
  private readonly now: () => number;

  constructor(onLine: (line: LogLine) => void, limits: Partial<ServerLogLimits> = {}, now: () => number = Date.now) {
    this.onLine = onLine;
    this.limits = { ...defaultLogLimits, ...limits };
    this.now = now;
  }

  /** Sets the values to redact from a server's lines from now on (its masked env and header values, see `secretValues`). */
  setSecrets(serverId: string, secrets: readonly string[]): void {
    if (secrets.length > 0) this.secrets.set(serverId, secrets);
    else this.secrets.delete(serverId);
  }

  /** `text` with a server's secrets redacted. */
  redact(serverId: string, text: string): string {
    const secrets = this.secrets.get(serverId);
    return secrets ? redactText(text, secrets) : text;
  }

  /**
   * Appends one line to a server's buffer and pushes it live unless the server is flooding. A server that prints its
   * own API key (a debug dump of its env) must not put it on screen: the line is redacted before it is kept.
   */
  append(serverId: string, stream: LogLine['stream'], text: string, level?: string): void {
    const ring = this.ring(serverId);
    const at = this.now();
    const clean = this.redact(serverId, text);
    const cut = clean.length > this.limits.maxLineChars ? `${clean.slice(0, this.limits.maxLineChars)}…` : clean;
    const line: LogLine = { serverId, seq: ++this.seq, at, stream, text: cut, ...(level !== undefined ? { level } : {}) };
    ring.lines.push(line);
    if (ring.lines.length > this.limits.maxLines) ring.lines.splice(0, ring.lines.length - this.limits.maxLines);

    if (at - ring.windowStart >= 1000) {
      if (ring.suppressed > 0) {
        // Tell the live view that it missed lines; the buffer still has the newest of them.
        this.emit({ serverId, seq: ++this.seq, at, stream: 'host', text: `${ring.suppressed} log lines were not shown live (the server writes too fast); open the log to read the last ${this.limits.maxLines}.` });
      }
      ring.windowStart = at;
      ring.windowCount = 0;
      ring.suppressed = 0;
    }
    if (ring.windowCount < this.limits.livePerSecond) {
      ring.windowCount += 1;
      this.emit(line);
    } else {
      ring.suppressed += 1;
    }
  }

  /** The last `limit` lines of a server, oldest first. */
  tail(serverId: string, limit = this.limits.maxLines): LogLine[] {
    const lines = this.rings.get(serverId)?.lines ?? [];
    return lines.slice(Math.max(0, lines.length - limit));
  }

  /** The text of the last `limit` stderr lines, for error statuses. */
  stderrTail(serverId: string, limit = 20): string[] {
    const lines = this.rings.get(serverId)?.lines ?? [];
    const stderr: string[] = [];
    for (let i = lines.length - 1; i >= 0 && stderr.length < limit; i -= 1) {
      const line = lines[i];
      if (line && line.stream === 'stderr') stderr.push(line.text);
    }
    return stderr.reverse();
  }

  /** Forgets a server's lines (it was removed from the configuration). */
  drop(serverId: string): void {
    this.rings.delete(serverId);
    this.secrets.delete(serverId);
  }

  private ring(serverId: string): Ring {
    let ring = this.rings.get(serverId);
    if (!ring) {
      ring = { lines: [], windowStart: 0, windowCount: 0, suppressed: 0 };
      this.rings.set(serverId, ring);
    }
    return ring;
  }

  private emit(line: LogLine): void {
    try {
      this.onLine(line);
    } catch {
      // A failing subscriber must not break the server's stderr pipe.
    }
  }
}

/** Splits a byte stream into lines; a partial line waits for its newline (or is cut at `maxPending` characters). */
export function lineSplitter(onLine: (line: string) => void, maxPending = 64_000): { push(chunk: Buffer | string): void; flush(): void } {
  let pending = '';
  // A character whose bytes straddle two chunks is held until it is whole, not turned into U+FFFD.
  const decoder = new StringDecoder('utf8');
  return {
    push(chunk) {
      let text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
      // Only the new text is searched for newlines, so a long line arriving in many chunks stays linear.
      let index = text.indexOf('\n');
      while (index !== -1) {
        onLine((pending + text.slice(0, index)).replace(/\r$/, ''));
        pending = '';
        text = text.slice(index + 1);
        index = text.indexOf('\n');
      }
      pending += text;
      if (pending.length > maxPending) {
        onLine(pending);
        pending = '';
      }
    },
    flush() {
      pending += decoder.end();
      if (pending.length > 0) onLine(pending.replace(/\r$/, ''));
      pending = '';
    },
  };
}

/**
 * Calls `onHead` with the first `headChars` characters of every line of a stream, without keeping or decoding whole
 * lines: enough to tell a JSON-RPC message from stray text even when messages are megabytes long. A line whose first
 * byte is `skipFirstByte` is not decoded nor reported: the host skips `{`, since only stray text needs its head (decoding
 * every answer's bytes a second time was part of what each tool call cost).
 */
export function lineHeads(onHead: (head: string) => void, headChars = 200, skipFirstByte?: number): (chunk: Buffer | string) => void {
  // A UTF-16 unit takes at most 3 bytes of UTF-8, so this many bytes always hold the head's characters whole.
  const headBytes = headChars * 4;
  let parts: Buffer[] = [];
  let kept = 0;
  let started = false;
  let skipping = false;
  return (chunk) => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    let from = 0;
    while (from < bytes.length) {
      const index = bytes.indexOf(0x0a, from);
      const end = index === -1 ? bytes.length : index;
      if (!started && end > from) {
        started = true;
        skipping = bytes[from] === skipFirstByte;
      }
      if (!skipping && kept < headBytes && end > from) {
        const take = Math.min(end, from + headBytes - kept);
        parts.push(bytes.subarray(from, take));
        kept += take - from;
      }
      if (index === -1) break;
      if (!skipping) onHead(Buffer.concat(parts, kept).toString('utf8').slice(0, headChars).replace(/\r$/, ''));
      parts = [];
      kept = 0;
      started = false;
      skipping = false;
      from = index + 1;
    }
  };
}
