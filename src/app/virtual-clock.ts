/**
 * Virtual time for a run on the simulated board: a ManualScheduler that the run's board, link,
 * players and scoring board are all given (src/util/scheduler.ts), driven in fixed steps of
 * virtual time with the real event loop's turn (the serial streams between link and sim,
 * signals, the journal's disk) between steps. Nothing of the process is replaced: code that
 * was not handed this clock runs on the real one.
 *
 * Everything a simulated run decides runs on this clock, so the same seed gives the
 * same verdicts however fast it is driven: `speed` only paces the same steps against the real
 * clock, N virtual seconds per real second, or 'max' as fast as the host goes. Speed 1 is
 * the virtual clock paced to real time.
 */
import { err, ok, type Result } from '../util/result.ts';
import { ManualScheduler } from '../util/scheduler.ts';
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

/** `--speed`: a number of virtual seconds per real second (> 0) or 'max'. */
export function parseSpeed(text: string): Result<Speed, string> {
  if (text === 'max') return ok('max');
  const n = /^\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
  return n > 0 && Number.isFinite(n) ? ok(n) : err(`--speed must be a number > 0 or 'max', got '${text}'`);
}

const realTurn = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));

export class VirtualClock implements Service {
  readonly name = 'virtual-clock';
  readonly speed: Speed;
  readonly stepMs: number;
  /** The run's clock: hand it to everything that waits. */
  readonly scheduler = new ManualScheduler(0);
  #driving: Promise<void> | undefined;
  #halt = false;

  constructor(options: VirtualClockOptions = {}) {
    this.speed = options.speed ?? 1;
    this.stepMs = options.stepMs ?? 10;
    if (!(this.speed === 'max' || this.speed > 0)) throw new RangeError(`speed ${this.speed}`);
    if (!(this.stepMs >= 1)) throw new RangeError(`stepMs ${this.stepMs}`);
  }

  /** Virtual ms since the clock was made. */
  get nowMs(): number {
    return this.scheduler.now();
  }

  /**
   * Drives the clock as fast as it goes until `work` settles, or `maxMs` of virtual time
   * have passed (then `Timeout`; the work goes on). Not while start()ed.
   */
  async fastForward<T>(work: Promise<T>, maxMs: number): Promise<Result<T, 'Timeout'>> {
    if (this.#driving) throw new Error('VirtualClock.fastForward while the clock is driven');
    let outcome: { value: T } | { error: unknown } | undefined;
    work.then(
      (value) => (outcome = { value }),
      (error: unknown) => (outcome = { error }),
    );
    await realTurn(); // work that is already done needs no virtual time
    for (let t = 0; t < maxMs && outcome === undefined; t += this.stepMs) await this.#step();
    if (outcome === undefined) return err('Timeout');
    if ('error' in outcome) throw outcome.error;
    return ok(outcome.value);
  }

  /** Drives the clock at `speed` until stop(). */
  async start(): Promise<void> {
    if (this.#driving) return;
    this.#halt = false;
    this.#driving = this.#drive();
  }

  /** Stops driving (after the step in progress). Safe to call twice. */
  async stop(): Promise<void> {
    this.#halt = true;
    await this.#driving;
    this.#driving = undefined;
  }

  /** One step: `stepMs` of virtual time, then the real event loop's turn (I/O, signals). */
  async #step(): Promise<void> {
    this.scheduler.advance(this.stepMs);
    await realTurn();
  }

  async #drive(): Promise<void> {
    let anchorReal = performance.now();
    let anchorVirtual = this.scheduler.now();
    while (!this.#halt) {
      await this.#step();
      if (this.speed === 'max') continue;
      const lead = anchorReal + (this.scheduler.now() - anchorVirtual) / this.speed - performance.now();
      if (lead > 1) await new Promise<void>((resolve) => setTimeout(resolve, lead));
      else if (lead < -MAX_LAG_MS) {
        anchorReal = performance.now();
        anchorVirtual = this.scheduler.now();
      }
    }
  }
}
