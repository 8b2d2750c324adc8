/**
 * Interference: a force on the board that is not a sphere. The pivots carry everything:
 * board + spheres in wells + spheres in transit + any hand. `excessG` = pivots − (board +
 * settled well levels + spheres known to be in transit). Beyond ±interferenceAboveG for
 * interferenceMs it starts (atMs = when the excess began); it ends once it stays within
 * ±interferenceBelowG for interferenceEndMs (atMs = when it came back). A placement makes
 * the pivots lead the well's settled level by ~150 ms (bounce + settle window), which the
 * 250 ms grace absorbs. Needs calibrated pivot cells: a scale error on the pivots
 * is an error on the whole board's weight.
 *
 * Slow zero drift of the cells and small scale errors are taken out before: the pipeline
 * tracks every cell's zero (zero-tracker.ts), the pivots' from this excess while it is
 * calm, so `excessG` works from tracked zeros.
 */
import type { SensingConfig } from './config.ts';
import type { SensingEvent } from './events.ts';

export interface InterferenceState {
  active: boolean;
  /** Start of the current run beyond the threshold (start or end condition), or NaN. */
  runSince: number;
  lastExcessG: number;
}

/**
 * A board without pivot cells cannot weigh a hand that rests between its points; what it
 * can sense is a hand pressing on a point (a load beyond any piece's: `well-pressed`).
 * There a press is the interference: it starts with the first pressed point and ends when
 * the last is let go, so the referee's holding rule works on such a board too.
 */
export function observePresses(state: InterferenceState, pressedG: number | undefined, atMs: number, events: SensingEvent[]): void {
  if (pressedG !== undefined && !state.active) {
    state.active = true;
    events.push({ type: 'interference-started', atMs, excessG: pressedG });
  } else if (pressedG === undefined && state.active) {
    state.active = false;
    events.push({ type: 'interference-ended', atMs });
  }
}

export const createInterferenceState = (): InterferenceState => ({ active: false, runSince: NaN, lastExcessG: 0 });

export function observeExcess(
  state: InterferenceState,
  config: SensingConfig,
  excessG: number,
  atMs: number,
  events: SensingEvent[],
): void {
  const o = config.options;
  state.lastExcessG = excessG;
  const size = Math.abs(excessG);
  const inRun = state.active ? size < o.interferenceBelowG : size > o.interferenceAboveG;
  if (!inRun) {
    state.runSince = NaN;
    return;
  }
  if (Number.isNaN(state.runSince)) state.runSince = atMs;
  const lasted = atMs - state.runSince;
  if (!state.active && lasted >= o.interferenceMs) {
    state.active = true;
    events.push({ type: 'interference-started', atMs: state.runSince, excessG });
    state.runSince = NaN;
  } else if (state.active && lasted >= o.interferenceEndMs) {
    state.active = false;
    events.push({ type: 'interference-ended', atMs: state.runSince });
    state.runSince = NaN;
  }
}

/** Forget a run in progress (the pivots cannot be weighed now). */
export const pauseInterference = (state: InterferenceState): void => {
  state.runSince = NaN;
};
