/**
 * Time for code that waits: the current time and timers, handed in rather than taken from
 * the process's globals, so the same service runs on the real clock or on a virtual one (a
 * simulated session driven as fast as the host goes) without the globals being replaced.
 *
 * `realScheduler` looks the globals up at each call, so a test that fakes them (sinon)
 * still drives it. `ManualScheduler` is a clock of its own that only moves when told to.
 */
/** A timer, as the scheduler that made it knows it. */
export type TimerHandle = { readonly timer: unknown };

export interface Scheduler {
  /** Milliseconds on this scheduler's clock (only differences mean anything). */
  now(): number;
  setTimeout(fn: () => void, ms: number): TimerHandle;
  setInterval(fn: () => void, ms: number): TimerHandle;
  /** Stops a timer of either kind; undefined or an already finished timer is fine. */
  clear(handle: TimerHandle | undefined): void;
}

export const realScheduler: Scheduler = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => ({ timer: globalThis.setTimeout(fn, ms), interval: false }) as TimerHandle,
  setInterval: (fn, ms) => ({ timer: globalThis.setInterval(fn, ms), interval: true }) as TimerHandle,
  clear: (handle) => {
    if (!handle) return;
    const h = handle as { timer: ReturnType<typeof setTimeout>; interval: boolean };
    if (h.interval) globalThis.clearInterval(h.timer);
    else globalThis.clearTimeout(h.timer);
  },
};

interface Pending {
  readonly handle: TimerHandle;
  readonly fn: () => void;
  dueMs: number;
  readonly everyMs: number | undefined;
  readonly order: number;
}

/** A virtual clock: timers fire, in time order, only as `advance` moves it on. */
export class ManualScheduler implements Scheduler {
  #nowMs: number;
  #order = 0;
  #pending: Pending[] = [];

  constructor(startMs = 0) {
    this.#nowMs = startMs;
  }

  now(): number {
    return this.#nowMs;
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    return this.#add(fn, ms, undefined);
  }

  setInterval(fn: () => void, ms: number): TimerHandle {
    return this.#add(fn, ms, Math.max(1, ms));
  }

  clear(handle: TimerHandle | undefined): void {
    this.#pending = this.#pending.filter((p) => p.handle !== handle);
  }

  /** Timers not yet fired. */
  get pendingCount(): number {
    return this.#pending.length;
  }

  /** Moves the clock `ms` on, firing every timer due on the way at its own time (timers they set included). */
  advance(ms: number): void {
    const end = this.#nowMs + Math.max(0, ms);
    for (;;) {
      const next = this.#next();
      if (!next || next.dueMs > end) break;
      this.#nowMs = Math.max(this.#nowMs, next.dueMs);
      if (next.everyMs === undefined) this.#pending = this.#pending.filter((p) => p !== next);
      else next.dueMs += next.everyMs;
      next.fn();
    }
    this.#nowMs = end;
  }

  #add(fn: () => void, ms: number, everyMs: number | undefined): TimerHandle {
    const handle: TimerHandle = { timer: this.#order };
    this.#pending.push({ handle, fn, dueMs: this.#nowMs + Math.max(0, ms), everyMs, order: this.#order++ });
    return handle;
  }

  #next(): Pending | undefined {
    let best: Pending | undefined;
    for (const p of this.#pending) if (!best || p.dueMs < best.dueMs || (p.dueMs === best.dueMs && p.order < best.order)) best = p;
    return best;
  }
}

/** Timeouts a service sets and lets go of together when it stops (none fires after `clearAll`). */
export class TimerSet {
  readonly #handles = new Set<TimerHandle>();

  constructor(private readonly scheduler: Scheduler) {}

  /** Runs `fn` after `ms` on the scheduler's clock, unless cleared first. */
  later(ms: number, fn: () => void): void {
    const t = this.scheduler.setTimeout(() => {
      this.#handles.delete(t);
      fn();
    }, ms);
    this.#handles.add(t);
  }

  clearAll(): void {
    for (const t of this.#handles) this.scheduler.clear(t);
    this.#handles.clear();
  }
}
