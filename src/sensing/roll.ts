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
 *
 * A slow roll (issue 10): the sphere rests on both rims and the load moves over hundreds of
 * ms, so the arriving well can settle above the sphere threshold while the departing one
 * still reads above the empty threshold. An arrival with no pending departure is then held
 * as a transfer when a neighbour still classed as a sphere has lost load and the two
 * readings add up to that sphere (± transferToleranceFraction of it):
 *   - the neighbour settles empty → sphere-rolled (from the earlier of the two times to
 *     the later), whatever order they settled in;
 *   - the arriving well settles empty again → the sphere went back: nothing happened;
 *   - their sum falls below the sphere by the tolerance for 3 frames in a row (a hand took
 *     it), either well is pressed, or rollMaxMs pass → the arrival is a sphere-placed, dated
 *     when it settled, and the neighbour's sphere is judged on its own when it leaves.
 * A lift and a placement on the neighbour never pass for a transfer: the departure comes
 * first and the pivots see the weight go (above), and by the arrival the sum is one sphere
 * more than the empty well holds.
 */
import { areNeighbours } from '../board/grid.ts';
import { kindsOfMask } from './config.ts';
import type { SensingConfig } from './config.ts';
import type { SensingEvent, SphereIdentity } from './events.ts';
import { SPHERE_CLASS, type WellBank, type WellChange } from './well-tracker.ts';

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

/** An arrival settled while its neighbour still holds the sphere that is moving over. */
export interface PendingArrival {
  readonly from: number;
  readonly to: number;
  readonly atMs: number;
  /** Weight of the sphere leaving `from` (its held weight). */
  readonly grams: number;
  breakRun: number;
}

export interface RollState {
  pending: PendingDeparture[];
  arrivals: PendingArrival[];
}

export const createRollState = (): RollState => ({ pending: [], arrivals: [] });

/** Is load moving from well `n` to `to`: `n` holds a sphere that has lost load, and the two add up to it? */
function transferMisfit(wells: WellBank, tol: number, n: number, to: number): number {
  if (wells.cls[n] !== SPHERE_CLASS || wells.pressed[n]) return Infinity;
  const held = wells.heldG[n] ?? 0;
  const cur = wells.current[n] ?? 0;
  const misfit = Math.abs(cur + (wells.current[to] ?? 0) - held);
  return cur <= held * (1 - tol) && misfit <= tol * held ? misfit : Infinity;
}

export const pendingGrams = (state: RollState): number => state.pending.reduce((s, p) => s + p.grams, 0);

export function identity(config: SensingConfig, grams: number, kindMask: number): SphereIdentity {
  const kinds = kindsOfMask(config, kindMask);
  return kinds.length === 1 && kinds[0] ? { grams, kinds, kind: kinds[0] } : { grams, kinds };
}

type Departure = Extract<WellChange, { type: 'departure' }>;
type Arrival = Extract<WellChange, { type: 'arrival' }>;

/**
 * A well settled empty. `excessG` (pivots − board − settled wells − pending), computed
 * without this sphere, is ≈ +grams if it is still on the board and ≈ 0 if lifted.
 * `undefined` = the pivots cannot weigh now.
 */
export function onDeparture(
  state: RollState,
  config: SensingConfig,
  d: Departure,
  excessG: number | undefined,
  events: SensingEvent[],
): void {
  const ai = state.arrivals.findIndex((a) => a.from === d.well || a.to === d.well);
  const a = ai < 0 ? undefined : state.arrivals.splice(ai, 1)[0];
  if (a && a.to === d.well) return; // the sphere went back: `from` never changed owner
  if (a) {
    const id = identity(config, d.grams, d.kinds);
    if (d.unseen) {
      events.push({ type: 'sphere-lifted', atMs: d.atMs, well: d.well, grams: d.grams });
      events.push({ type: 'sphere-placed', atMs: a.atMs, well: a.to, ...id });
    } else
      events.push({
        type: 'sphere-rolled',
        atMs: Math.max(a.atMs, d.atMs),
        departedAtMs: Math.min(a.atMs, d.atMs),
        from: d.well,
        to: a.to,
        ...id,
      });
    return;
  }
  if (excessG === undefined || excessG - d.grams <= -config.options.lossFraction * d.grams) {
    events.push({ type: 'sphere-lifted', atMs: d.atMs, well: d.well, grams: d.grams });
    return;
  }
  state.pending.push({
    from: d.well,
    grams: d.grams,
    kinds: d.kinds,
    atMs: d.atMs,
    reported: false,
    unseen: d.unseen ?? false,
    lossRun: 0,
  });
}

export function onArrival(state: RollState, config: SensingConfig, wells: WellBank, a: Arrival, events: SensingEvent[]): void {
  const id = identity(config, a.grams, a.kinds);
  const pick = (test: (p: PendingDeparture) => boolean): PendingDeparture | undefined => {
    const i = state.pending.findIndex(test);
    return i < 0 ? undefined : state.pending.splice(i, 1)[0];
  };
  const back = pick((p) => !p.reported && p.from === a.well);
  if (back) return; // rolled out and back: the well never changed owner
  const rolled = pick((p) => !p.reported && areNeighbours(config.grid, p.from, a.well));
  if (rolled?.unseen) {
    // Lifted and set down, or rolled? The frames that would tell are lost: the legal reading.
    events.push({ type: 'sphere-lifted', atMs: rolled.atMs, well: rolled.from, grams: rolled.grams });
    events.push({ type: 'sphere-placed', atMs: a.atMs, well: a.well, ...id });
    return;
  }
  if (rolled) {
    // The sphere as it was weighed standing still before it left: a slow arrival settles mid-ramp.
    events.push({
      type: 'sphere-rolled',
      atMs: a.atMs,
      departedAtMs: rolled.atMs,
      from: rolled.from,
      to: a.well,
      ...identity(config, rolled.grams, rolled.kinds),
    });
    return;
  }
  const tol = config.options.transferToleranceFraction;
  let from = -1;
  let best = Infinity;
  for (let n = 0; n < wells.cls.length; n++) {
    if (!areNeighbours(config.grid, n, a.well) || state.arrivals.some((t) => t.from === n || t.to === n)) continue;
    const misfit = transferMisfit(wells, tol, n, a.well);
    if (misfit < best) [from, best] = [n, misfit];
  }
  if (from >= 0) {
    state.arrivals.push({ from, to: a.well, atMs: a.atMs, grams: wells.heldG[from] ?? a.grams, breakRun: 0 });
    return;
  }
  pick((p) => p.reported); // a loose sphere landed in a well
  events.push({ type: 'sphere-placed', atMs: a.atMs, well: a.well, ...id });
}

/** Each frame: pending departures whose weight has gone, or that waited too long. */
export function checkPending(
  state: RollState,
  config: SensingConfig,
  wells: WellBank,
  excessG: number | undefined,
  atMs: number,
  events: SensingEvent[],
): void {
  const o = config.options;
  for (let i = 0; i < state.arrivals.length; i++) {
    const t = state.arrivals[i];
    if (!t) continue;
    const sum = (wells.current[t.from] ?? 0) + (wells.current[t.to] ?? 0);
    t.breakRun = sum < t.grams * (1 - o.transferToleranceFraction) ? t.breakRun + 1 : 0;
    if (t.breakRun >= 3 || wells.pressed[t.from] || wells.pressed[t.to] || atMs - t.atMs > o.rollMaxMs) {
      state.arrivals.splice(i--, 1);
      events.push({ type: 'sphere-placed', atMs: t.atMs, well: t.to, ...identity(config, wells.level[t.to] ?? 0, wells.kinds[t.to] ?? 0) });
    }
  }
  if (state.pending.length === 0) return;
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
