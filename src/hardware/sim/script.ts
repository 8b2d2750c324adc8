/**
 * Timed scripts of hand actions on the simulated board, for tests and autoplay. A script
 * is a plain list of steps; a SimBoard plays it on its clock. Steps run one after the
 * other: each starts `afterMs` after the previous one ended. lift and place take no
 * time; roll, press and holdBoard last `durationMs` (unless `blocking: false`, which
 * lets the next step start while they go on); wait(ms) lasts ms.
 */
import type { Point } from './rigid-body.ts';

/** A well by name (`d2`) or index (a1 = 0 … g6 = 41). */
export type WellRef = number | string;

export const DEFAULT_ROLL_MS = 220;

interface Timing {
  /** Delay after the previous step ended, ms (default 0). */
  readonly afterMs?: number;
}
interface Lasting extends Timing {
  readonly durationMs: number;
  /** false: the next step does not wait for this one to end. Default true. */
  readonly blocking?: boolean;
}

export type SimStep =
  | { readonly action: 'lift'; readonly well: WellRef; readonly afterMs: number }
  | { readonly action: 'place'; readonly well: WellRef; readonly kind: string | undefined; readonly afterMs: number }
  /** A roll lasts durationMs of movement plus pauseMs resting half-way (the load shared by both wells). */
  | {
      readonly action: 'roll';
      readonly from: WellRef;
      readonly to: WellRef;
      readonly afterMs: number;
      readonly durationMs: number;
      readonly pauseMs: number;
      readonly blocking: boolean;
    }
  | {
      readonly action: 'press';
      readonly well: WellRef;
      readonly grams: number;
      readonly afterMs: number;
      readonly durationMs: number;
      readonly blocking: boolean;
    }
  | {
      readonly action: 'holdBoard';
      readonly grams: number;
      readonly at?: Point;
      readonly afterMs: number;
      readonly durationMs: number;
      readonly blocking: boolean;
    }
  | { readonly action: 'wait'; readonly ms: number };

export type SimAction = SimStep['action'];

/** How long a step keeps the next one waiting, after its start. */
export const stepLength = (step: SimStep): number =>
  step.action === 'wait'
    ? step.ms
    : step.action === 'lift' || step.action === 'place'
      ? 0
      : step.blocking
        ? step.durationMs + (step.action === 'roll' ? step.pauseMs : 0)
        : 0;

export const stepDelay = (step: SimStep): number => (step.action === 'wait' ? 0 : step.afterMs);

/** A chainable list of steps: `simScript().lift('d1').wait(400).place('d2')`. */
export class SimScript {
  readonly steps: SimStep[] = [];

  lift(well: WellRef, options: Timing = {}): this {
    this.steps.push({ action: 'lift', well, afterMs: options.afterMs ?? 0 });
    return this;
  }

  /** Places the sphere of `kind` from the hand, or the one lifted last. */
  place(well: WellRef, options: Timing & { readonly kind?: string } = {}): this {
    this.steps.push({ action: 'place', well, kind: options.kind, afterMs: options.afterMs ?? 0 });
    return this;
  }

  /**
   * A roll over the rim: durationMs of movement (default 220; real rolls take 150–600), and
   * optionally pauseMs resting on the rim half-way, its weight shared by the two wells.
   */
  roll(from: WellRef, to: WellRef, options: Partial<Lasting> & { readonly pauseMs?: number } = {}): this {
    const { afterMs = 0, durationMs = DEFAULT_ROLL_MS, pauseMs = 0, blocking = true } = options;
    this.steps.push({ action: 'roll', from, to, afterMs, durationMs, pauseMs, blocking });
    return this;
  }

  press(well: WellRef, grams: number, options: Lasting): this {
    const { afterMs = 0, durationMs, blocking = true } = options;
    this.steps.push({ action: 'press', well, grams, afterMs, durationMs, blocking });
    return this;
  }

  /**
   * A hand on the board: grams > 0 presses it down, < 0 lifts it. `at`: where, in the
   * profile's length unit from the board's centre, y toward Black (default the centre,
   * e.g. `{ x: 0, y: 160 }` is the rim on Black's side of the reference board).
   */
  holdBoard(grams: number, options: Lasting & { readonly at?: Point }): this {
    const { afterMs = 0, durationMs, blocking = true, at } = options;
    this.steps.push({ action: 'holdBoard', grams, ...(at ? { at } : {}), afterMs, durationMs, blocking });
    return this;
  }

  wait(ms: number): this {
    this.steps.push({ action: 'wait', ms });
    return this;
  }

  /** Total time from the first step's start to the last one's end. */
  get durationMs(): number {
    return this.steps.reduce((t, s) => t + stepDelay(s) + stepLength(s), 0);
  }
}

export const simScript = (): SimScript => new SimScript();
