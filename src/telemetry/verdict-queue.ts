/**
 * The publisher's one queue of verdicts: ordered, bounded, one in flight at a time. mqtt.js
 * is never handed a verdict while it is offline (its own offline queue is unbounded and
 * would resend on its own), so this queue alone decides what goes out and in which order;
 * the one verdict in flight when a connection drops stays in mqtt.js's store, which
 * resends it on reconnect before the next one is handed over.
 */
import type { VerdictPayload } from './topics.ts';

export class VerdictQueue {
  private readonly items: VerdictPayload[] = [];
  private inFlight = false;
  /** Verdicts dropped (the oldest waiting ones) because the queue was full. */
  dropped = 0;

  constructor(readonly limit: number) {
    if (!(Number.isInteger(limit) && limit >= 1)) throw new RangeError(`queue limit ${limit}`);
  }

  get length(): number {
    return this.items.length;
  }

  /** Adds at the end; returns how many it had to drop to stay within the limit. */
  push(v: VerdictPayload): number {
    this.items.push(v);
    let dropped = 0;
    while (this.items.length > this.limit) {
      // The one in flight is mqtt.js's now: the oldest one still waiting goes.
      this.items.splice(this.inFlight ? 1 : 0, 1);
      dropped += 1;
    }
    this.dropped += dropped;
    return dropped;
  }

  /** The next verdict to send, marked in flight; undefined while one is in flight or none waits. */
  take(): VerdictPayload | undefined {
    if (this.inFlight || this.items.length === 0) return undefined;
    this.inFlight = true;
    return this.items[0];
  }

  /** The verdict in flight was acknowledged. */
  acked(): void {
    if (!this.inFlight) return;
    this.inFlight = false;
    this.items.shift();
  }

  /** The verdict in flight failed for good (the client was ended): it goes out again next time. */
  failed(): void {
    this.inFlight = false;
  }

  get busy(): boolean {
    return this.inFlight;
  }
}
