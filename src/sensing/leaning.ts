/**
 * Leaning: the rules core's balance model fed with measured well loads. The margin toward
 * a side is the moment (g·pitch) that may still be added that way before the model tips;
 * below `leanBelowGP` the board is leaning that way, until the margin is back above
 * `leanEndGP` (hysteresis, so a margin hovering at the threshold reports once).
 * Loads are the wells' settled levels (a bounce must not raise a false alarm), except a
 * pressed well, whose live reading counts: a hand pushing on a well can tip the board.
 */
import { BalanceModel, Y2 } from '../rules/senryaku/balance.ts';
import type { BoardProfile } from '../rules/senryaku/profile.ts';
import { COLORS } from '../rules/senryaku/types.ts';
import type { SensingConfig } from './config.ts';
import type { SensingEvent } from './events.ts';
import type { WellBank } from './well-tracker.ts';

export interface LeanState {
  white: boolean;
  black: boolean;
}

export const createLeanState = (): LeanState => ({ white: false, black: false });

// The model is derived from the profile; cached so that a cloned state (whose profile is a
// copy) simply builds its own once.
const models = new WeakMap<BoardProfile, BalanceModel>();
const modelOf = (profile: BoardProfile): BalanceModel => {
  let m = models.get(profile);
  if (!m) models.set(profile, (m = BalanceModel.fromProfile(profile)));
  return m;
};

export function observeLean(state: LeanState, config: SensingConfig, wells: WellBank, atMs: number, events: SensingEvent[]): void {
  let moment2 = 0;
  let mass = 0;
  const n = wells.level.length;
  for (let w = 0; w < n; w++) {
    const load = Math.max(0, (wells.pressed[w] ? wells.current[w] : wells.level[w]) ?? 0);
    moment2 += load * (Y2[w] ?? 0);
    mass += load;
  }
  const margins = modelOf(config.profile).margins({ moment2, mass });
  const o = config.options;
  for (const side of COLORS) {
    const marginGP = margins[side];
    if (!state[side] && marginGP < o.leanBelowGP) {
      state[side] = true;
      events.push({ type: 'leaning', atMs, toward: side, marginGP });
    } else if (state[side] && marginGP > o.leanEndGP) {
      state[side] = false;
      events.push({ type: 'leaning-ended', atMs, toward: side, marginGP });
    }
  }
}
