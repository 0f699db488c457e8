/**
 * One-time codes for `--open`: the browser's command line (readable by every local user in /proc) carries a code,
 * not the token. The page trades it once for the token; a used, unknown or expired code gets nothing.
 */
import { randomBytes } from 'node:crypto';
import { tokensEqual } from './auth.ts';

/** How long a code waits for the browser: long enough for a cold browser start, short for a code seen in /proc. */
export const codeLifetimeMs = 120_000;
/** Codes are issued only by web mode itself; the cap keeps a bug from growing the set without end. */
const maxLiveCodes = 16;

/** Issued codes and when each expires. */
export class OneTimeCodes {
  private readonly live = new Map<string, number>();
  private readonly now: () => number;

  constructor(now: () => number = Date.now) {
    this.now = now;
  }

  /** A fresh 256-bit code, valid once for `codeLifetimeMs`. */
  issue(): string {
    this.prune();
    if (this.live.size >= maxLiveCodes) {
      const oldest = this.live.keys().next().value;
      if (oldest !== undefined) this.live.delete(oldest);
    }
    const code = randomBytes(32).toString('base64url');
    this.live.set(code, this.now() + codeLifetimeMs);
    return code;
  }

  /** True once for a live code, which is then gone; false for anything else. */
  redeem(given: string): boolean {
    this.prune();
    for (const code of this.live.keys()) {
      if (!tokensEqual(given, code)) continue;
      this.live.delete(code);
      return true;
    }
    return false;
  }

  private prune(): void {
    const now = this.now();
    for (const [code, expires] of this.live) if (expires <= now) this.live.delete(code);
  }
}
