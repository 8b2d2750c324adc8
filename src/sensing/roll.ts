/**
 * Lift or roll? When a well settles empty, the pivots say whether the sphere is still on
 * the board: a lifted sphere is in a hand, so the pivots lost its weight; a rolling one is
 * on the rim between wells, so they did not.
 *   - weight lost (excess ≤ −lossFraction × its grams)  → sphere-lifted at once;
 *   - weight kept → the departure is pending. A neighbour's arrival within rollMaxMs →
 *     sphere-rolled; an arrival back in the same well → nothing happened; the weight
 *     lost later (3 frames in a row) → sphere-lifted, dated from the departure; rollMaxMs
 *     without an arrival → sphere-lifted (it lies off the wells), and the sphere stays
 *     counted as loose load on the board until its weight goes or it lands in a well.
 * A departure that happened while frames were missing (the well reads empty from the
 * first frame after the gap) proves no roll: if a neighbour's arrival pairs with it, the
 * two are reported as a lift and a placement, the legal way to get there.
 * Without pivots (or while they cannot be trusted) every departure is a lift.
 */
import { FILES } from '../rules/senryaku/types.ts';
import { kindsOfMask } from './config.ts';
import type { SensingConfig } from './config.ts';
import type { SensingEvent, SphereIdentity } from './events.ts';
import type { WellChange } from './well-tracker.ts';

export interface PendingDeparture {
  readonly from: number;
  readonly grams: number;
  readonly kinds: number;
  readonly atMs: number;
  /** Already reported as lifted (timed out): only loose load now. */
  reported: boolean;
  /** It left during a gap: no roll can be proven, so an arrival makes it a lift and a placement. */
  readonly unseen: boolean;
  lossRun: number;
}

export interface RollState {
  pending: PendingDeparture[];
}

export const createRollState = (): RollState => ({ pending: [] });

export const areNeighbours = (a: number, b: number): boolean =>
  a !== b && Math.abs((a % FILES) - (b % FILES)) <= 1 && Math.abs(Math.floor(a / FILES) - Math.floor(b / FILES)) <= 1;

export const pendingGrams = (state: RollState): number => state.pending.reduce((s, p) => s + p.grams, 0);

export function identity(grams: number, kindMask: number): SphereIdentity {
  const kinds = kindsOfMask(kindMask);
  return kinds.length === 1 && kinds[0] ? { grams, kinds, kind: kinds[0] } : { grams, kinds };
}

type Departure = Extract<WellChange, { type: 'departure' }>;
type Arrival = Extract<WellChange, { type: 'arrival' }>;

/**
 * A well settled empty. `excessG` (pivots − board − settled wells − pending), computed
 * without this sphere, is ≈ +grams if it is still on the board and ≈ 0 if lifted.
 * `undefined` = the pivots cannot weigh now.
 */
export function onDeparture(state: RollState, config: SensingConfig, d: Departure, excessG: number | undefined, events: SensingEvent[]): void {
  if (excessG === undefined || excessG - d.grams <= -config.options.lossFraction * d.grams) {
    events.push({ type: 'sphere-lifted', atMs: d.atMs, well: d.well, grams: d.grams });
    return;
  }
  state.pending.push({ from: d.well, grams: d.grams, kinds: d.kinds, atMs: d.atMs, reported: false, unseen: d.unseen ?? false, lossRun: 0 });
}

export function onArrival(state: RollState, a: Arrival, events: SensingEvent[]): void {
  const id = identity(a.grams, a.kinds);
  const pick = (test: (p: PendingDeparture) => boolean): PendingDeparture | undefined => {
    const i = state.pending.findIndex(test);
    return i < 0 ? undefined : state.pending.splice(i, 1)[0];
  };
  const back = pick((p) => !p.reported && p.from === a.well);
  if (back) return; // rolled out and back: the well never changed owner
  const rolled = pick((p) => !p.reported && areNeighbours(p.from, a.well));
  if (rolled?.unseen) {
    // Lifted and set down, or rolled? The frames that would tell are lost: the legal reading.
    events.push({ type: 'sphere-lifted', atMs: rolled.atMs, well: rolled.from, grams: rolled.grams });
    events.push({ type: 'sphere-placed', atMs: a.atMs, well: a.well, ...id });
    return;
  }
  if (rolled) {
    events.push({ type: 'sphere-rolled', atMs: a.atMs, departedAtMs: rolled.atMs, from: rolled.from, to: a.well, ...id });
    return;
  }
  pick((p) => p.reported); // a loose sphere landed in a well
  events.push({ type: 'sphere-placed', atMs: a.atMs, well: a.well, ...id });
}

/** Each frame: pending departures whose weight has gone, or that waited too long. */
export function checkPending(state: RollState, config: SensingConfig, excessG: number | undefined, atMs: number, events: SensingEvent[]): void {
  if (state.pending.length === 0) return;
  const o = config.options;
  let excess = excessG;
  for (let i = 0; i < state.pending.length; i++) {
    const p = state.pending[i];
    if (!p) continue;
    const lost = excess !== undefined && excess <= -o.lossFraction * p.grams;
    p.lossRun = lost ? p.lossRun + 1 : 0;
    if (p.lossRun >= 3 || excess === undefined) {
      if (!p.reported) events.push({ type: 'sphere-lifted', atMs: p.atMs, well: p.from, grams: p.grams });
      state.pending.splice(i--, 1);
      if (excess !== undefined) excess += p.grams;
    } else if (!p.reported && atMs - p.atMs > o.rollMaxMs) {
      p.reported = true;
      events.push({ type: 'sphere-lifted', atMs: p.atMs, well: p.from, grams: p.grams });
    }
  }
}
