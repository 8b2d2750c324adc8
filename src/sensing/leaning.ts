/**
 * Leaning: the game's balance model (a `BalanceMargins` function the app hands in, see
 * game.ts) fed with measured well loads. The margin toward a side is the moment (g·pitch)
 * that may still be added that way before the model tips; below `leanBelowGP` the board is
 * leaning that way, until the margin is back above `leanEndGP` (hysteresis, so a margin
 * hovering at the threshold reports once). Loads are the wells' settled levels (a bounce
 * must not raise a false alarm), except a pressed well, whose live reading counts: a hand
 * pushing on a well can tip the board.
 *
 * Why a function handed in rather than the model here: which loads tip a board, and how far,
 * is the game's physics (Senryaku's pinnacle lines), and sensing must serve boards that do
 * not tip at all. Why not move leaning out to the app: it needs the wells' settled levels
 * and press state frame by frame, which only the pipeline has, and its events must be dated
 * and ordered with the frame's other events.
 */
import { TILT_SIDES } from '../protocol/fields.ts';
import type { SensingConfig } from './config.ts';
import type { SensingEvent } from './events.ts';
import type { BalanceMargins } from './game.ts';
import type { WellBank } from './well-tracker.ts';

export interface LeanState {
  white: boolean;
  black: boolean;
  /** Scratch: the load on every point this frame, grams. */
  readonly loads: Float64Array;
}

export const createLeanState = (points: number): LeanState => ({ white: false, black: false, loads: new Float64Array(points) });

export function observeLean(
  state: LeanState,
  config: SensingConfig,
  margins: BalanceMargins,
  wells: WellBank,
  atMs: number,
  events: SensingEvent[],
): void {
  const { loads } = state;
  for (let w = 0; w < loads.length; w++) loads[w] = Math.max(0, (wells.pressed[w] ? wells.current[w] : wells.level[w]) ?? 0);
  const bySide = margins(loads);
  const o = config.options;
  for (const side of TILT_SIDES) {
    const marginGP = bySide[side];
    if (!state[side] && marginGP < o.leanBelowGP) {
      state[side] = true;
      events.push({ type: 'leaning', atMs, toward: side, marginGP });
    } else if (state[side] && marginGP > o.leanEndGP) {
      state[side] = false;
      events.push({ type: 'leaning-ended', atMs, toward: side, marginGP });
    }
  }
}
