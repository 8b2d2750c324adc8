/**
 * How often a dashboard login may fail: per address and per user name, a few failures are
 * free, then each further one makes the next attempt wait twice as long as the last (1 s,
 * 2 s, 4 s... up to 15 min). An attempt while a wait is on is refused before its password is
 * checked (so a flood costs no scrypt either), with the seconds left for a `Retry-After`.
 * A login that succeeds clears its address and its name; a record with no failure for
 * FORGET_MS is forgotten. The records are bounded: beyond MAX_RECORDS the oldest goes.
 */

export interface ThrottlePolicy {
  /** Failures without a wait, per address. */
  readonly freePerAddress: number;
  /** Failures without a wait, per user name (higher: one person mistyping from several devices). */
  readonly freePerUser: number;
  readonly firstWaitMs: number;
  readonly maxWaitMs: number;
  /** A record with no failure for this long is forgotten. */
  readonly forgetMs: number;
  readonly maxRecords: number;
}

export const LOGIN_THROTTLE: ThrottlePolicy = {
  freePerAddress: 5,
  freePerUser: 10,
  firstWaitMs: 1000,
  maxWaitMs: 15 * 60 * 1000,
  forgetMs: 30 * 60 * 1000,
  maxRecords: 10_000,
};

interface Failures {
  count: number;
  lastMs: number;
  /** No attempt before this (ms, the throttle's clock). */
  waitUntilMs: number;
}

export type Who = 'address' | 'user';

/** A wait that has just begun: what the log says. */
export interface WaitBegun {
  readonly who: Who;
  readonly key: string;
  readonly failures: number;
  readonly waitMs: number;
}

export class LoginThrottle {
  private readonly records = new Map<string, Failures>();
  /** Attempts refused with a wait since start. */
  refused = 0;

  constructor(
    private readonly now: () => number,
    private readonly policy: ThrottlePolicy = LOGIN_THROTTLE,
  ) {}

  /** Milliseconds the attempt must still wait (the longer of address and user), 0 if it may go on. */
  waitFor(address: string, user: string): number {
    const now = this.now();
    const wait = Math.max(this.waitOf(`address ${address}`, now), this.waitOf(`user ${user}`, now));
    if (wait > 0) this.refused++;
    return wait;
  }

  /** A failed attempt: the waits that begin with it. */
  failed(address: string, user: string): WaitBegun[] {
    return [this.fail('address', address, this.policy.freePerAddress), this.fail('user', user, this.policy.freePerUser)].filter(
      (w): w is WaitBegun => w !== undefined,
    );
  }

  succeeded(address: string, user: string): void {
    this.records.delete(`address ${address}`);
    this.records.delete(`user ${user}`);
  }

  /** Addresses and names waiting now. */
  waiting(): number {
    const now = this.now();
    let n = 0;
    for (const r of this.records.values()) if (r.waitUntilMs > now) n++;
    return n;
  }

  clear(): void {
    this.records.clear();
  }

  private waitOf(key: string, now: number): number {
    const r = this.records.get(key);
    if (!r) return 0;
    if (now - r.lastMs >= this.policy.forgetMs) {
      this.records.delete(key);
      return 0;
    }
    return Math.max(0, r.waitUntilMs - now);
  }

  private fail(who: Who, key: string, free: number): WaitBegun | undefined {
    const now = this.now();
    const id = `${who} ${key}`;
    const before = this.records.get(id);
    const r = before && now - before.lastMs < this.policy.forgetMs ? before : { count: 0, lastMs: now, waitUntilMs: 0 };
    r.count++;
    r.lastMs = now;
    // Re-inserted last: the map's order is the age order the bound evicts by.
    this.records.delete(id);
    this.records.set(id, r);
    while (this.records.size > this.policy.maxRecords) this.records.delete(this.records.keys().next().value!);
    if (r.count <= free) return undefined;
    const waitMs = Math.min(this.policy.maxWaitMs, this.policy.firstWaitMs * 2 ** Math.min(30, r.count - free - 1));
    r.waitUntilMs = now + waitMs;
    return { who, key, failures: r.count, waitMs };
  }
}
