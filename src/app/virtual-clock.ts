/**
 * Virtual time for a simulated session: @sinonjs/fake-timers installed process-wide
 * (setTimeout, setInterval, Date, performance; never nextTick, setImmediate or
 * queueMicrotask, which the serial streams between link and sim need), driven in fixed
 * steps of virtual time with real I/O let through between steps.
 *
 * Everything a simulated session decides (the board, the link, the referee's timers, the
 * players) then runs on this clock, so the same seed gives the same verdicts however fast
 * the clock is driven: `speed` only paces the same steps against the real clock (captured
 * before the fake one is installed), N virtual seconds per real second, or 'max' as fast
 * as the host goes. Speed 1 is the virtual clock paced to real time.
 */
import FakeTimers from '@sinonjs/fake-timers';
import { err, ok, type Result } from '../util/result.ts';
import type { Service } from './service.ts';

export type Speed = number | 'max';

export interface VirtualClockOptions {
  /** Virtual seconds per real second, or 'max' (default 1). */
  readonly speed?: Speed;
  /** Virtual time per step, ms (default 10). */
  readonly stepMs?: number;
}

/** Behind the real clock by more than this (a stalled host), the pacing starts afresh rather than race to catch up. */
const MAX_LAG_MS = 1000;

interface RealTimers {
  readonly now: () => number;
  readonly setTimeout: typeof globalThis.setTimeout;
  readonly setImmediate: typeof globalThis.setImmediate;
}

/** `--speed`: a number of virtual seconds per real second (> 0) or 'max'. */
export function parseSpeed(text: string): Result<Speed, string> {
  if (text === 'max') return ok('max');
  const n = /^\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
  return n > 0 && Number.isFinite(n) ? ok(n) : err(`--speed must be a number > 0 or 'max', got '${text}'`);
}

export class VirtualClock implements Service {
  readonly name = 'virtual-clock';
  readonly speed: Speed;
  readonly stepMs: number;
  #clock: ReturnType<typeof FakeTimers.install> | undefined;
  #real: RealTimers | undefined;
  #driving: Promise<void> | undefined;
  #halt = false;
  #startMs = 0;

  constructor(options: VirtualClockOptions = {}) {
    this.speed = options.speed ?? 1;
    this.stepMs = options.stepMs ?? 10;
    if (!(this.speed === 'max' || this.speed > 0)) throw new RangeError(`speed ${this.speed}`);
    if (!(this.stepMs >= 1)) throw new RangeError(`stepMs ${this.stepMs}`);
  }

  get installed(): boolean {
    return this.#clock !== undefined;
  }

  /** Virtual ms since install. */
  get nowMs(): number {
    return this.#clock ? this.#clock.now - this.#startMs : 0;
  }

  /** Installs the fake timers (Date starts at the real time): from here on time passes only when driven. */
  install(): void {
    if (this.#clock) return;
    this.#real = { now: performance.now.bind(performance), setTimeout: globalThis.setTimeout, setImmediate: globalThis.setImmediate };
    this.#startMs = Date.now();
    this.#clock = FakeTimers.install({
      now: this.#startMs,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'],
    });
  }

  /**
   * Drives the clock as fast as it goes until `work` settles, or `maxMs` of virtual time
   * have passed (then `Timeout`; the work goes on). Not while start()ed.
   */
  async fastForward<T>(work: Promise<T>, maxMs: number): Promise<Result<T, 'Timeout'>> {
    if (this.#driving) throw new Error('VirtualClock.fastForward while the clock is driven');
    this.install();
    let outcome: { value: T } | { error: unknown } | undefined;
    work.then(
      (value) => (outcome = { value }),
      (error: unknown) => (outcome = { error }),
    );
    for (let t = 0; t < maxMs && outcome === undefined; t += this.stepMs) await this.#step();
    if (outcome === undefined) return err('Timeout');
    if ('error' in outcome) throw outcome.error;
    return ok(outcome.value);
  }

  /** Installs (if not yet) and drives the clock at `speed` until stop(). */
  async start(): Promise<void> {
    this.install();
    if (this.#driving) return;
    this.#halt = false;
    this.#driving = this.#drive();
  }

  /** Stops driving (after the step in progress) and puts the real timers back. Safe to call twice. */
  async stop(): Promise<void> {
    this.#halt = true;
    await this.#driving;
    this.#driving = undefined;
    this.#clock?.uninstall();
    this.#clock = undefined;
  }

  /** One step: `stepMs` of virtual time, then the real event loop's turn (I/O, signals). */
  async #step(): Promise<void> {
    await this.#clock!.tickAsync(this.stepMs);
    await new Promise<void>((resolve) => this.#real!.setImmediate(resolve));
  }

  async #drive(): Promise<void> {
    const real = this.#real!;
    const clock = this.#clock!;
    let anchorReal = real.now();
    let anchorVirtual = clock.now;
    while (!this.#halt) {
      await this.#step();
      if (this.speed === 'max') continue;
      const lead = anchorReal + (clock.now - anchorVirtual) / this.speed - real.now();
      if (lead > 1) await new Promise<void>((resolve) => real.setTimeout(resolve, lead));
      else if (lead < -MAX_LAG_MS) {
        anchorReal = real.now();
        anchorVirtual = clock.now;
      }
    }
  }
}
