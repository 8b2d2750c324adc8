/**
 * Automatic zero tracking, as legal-for-trade scales do it: every cell's zero follows a
 * slow drift (creep, temperature), at a bounded rate and only while the board is calm.
 * The tracked zero (grams) is taken off the cell's calibrated reading before anything else
 * sees it, so well classes, the balance and the excess load all work from tracked zeros.
 *
 * What each cell is expected to read while calm:
 *   - an empty well: 0 g;
 *   - a well holding a sphere: the level it settled to at the first calm moment of the
 *     sphere's stay (the sphere's own mass, weighed against a zero tracked seconds before
 *     while the well was empty). Without this a sphere standing for minutes on a drifting
 *     cell would carry the drift into the excess load, and the drift would reappear all at
 *     once as unexplained load when the sphere is lifted. Its own level rather than the
 *     profile's nominal mass: real spheres differ from the nominal by a gram or two, and
 *     holding a well to the wrong mass would push that error into the zero;
 *   - the pivots (seen only as their sum): the board plus what the wells explain, i.e. an
 *     excess of 0, and only while |excess| is inside the calm band (interferenceBelowG) —
 *     a hand is a step of tens of grams that the rate limit could not follow anyway. The
 *     sum's correction is shared equally between the pivot cells.
 * The zero moves toward that by at most `zeroTrackGPerMin` (30 g/min, 0.5 g/s: the
 * OIML-style 0.5 d/s with d = 1 g), and only while calm for `zeroCalmMs`. Calm is per cell:
 *   - a well: its own window settled, not pressed, no change of class of its own; and on
 *     the whole board no hand (interference), no sphere in transit, a clean link;
 *   - the pivots (they weigh the whole board): none of those anywhere, no press, the
 *     pivots' window full, and every usable well settled in this very frame.
 * One cell's trouble stops only its own tracking (and the pivots'): a noisy or glitching
 * well does not hold every other well's zero where it was. A sample held back as a possible
 * glitch (glitch.ts) neither tracks nor breaks the calm: the frame is skipped for that cell.
 * A step of load — a sphere, a finger — is far faster than the rate, and motion stops the
 * tracking, so only drift is followed.
 *
 * A tracked zero beyond `zeroFaultG` (half the lightest sphere: the calibration's own
 * `ZeroShifted` limit) raises `sensor-fault {fault: 'drifted', cell, offsetG}`: the cell
 * needs recalibrating. It keeps being tracked and used (the tracking is what keeps its
 * readings right); the fault clears below `zeroFaultClearG`.
 */
import type { SensingConfig } from './config.ts';
import type { SensingEvent } from './events.ts';
import type { FaultBank } from './faults.ts';
import { isFaulty } from './faults.ts';
import { EMPTY_CLASS, type WellBank } from './well-tracker.ts';

export interface ZeroState {
  /** Tracked zero per cell, grams: subtracted from the calibrated reading. */
  readonly zeroG: Float64Array;
  /** Per well: the level a sphere standing there is held to (NaN: empty, or not yet calm since it came). */
  readonly sphereG: Float64Array;
  /** 1 while a cell's tracked zero is beyond the fault limit. */
  readonly drifted: Uint8Array;
  /** Per well: board time it became calm, NaN while it is not. */
  readonly calmSince: Float64Array;
  /** Board time the board became calm for the pivots, NaN while it is not. */
  boardCalmSince: number;
  /** Board time of the last frame seen. */
  lastMs: number;
}

export const createZeroState = (cells: number, wells: number): ZeroState => ({
  zeroG: new Float64Array(cells),
  sphereG: new Float64Array(wells).fill(NaN),
  drifted: new Uint8Array(cells),
  calmSince: new Float64Array(wells).fill(NaN),
  boardCalmSince: NaN,
  lastMs: NaN,
});

/** What the pipeline knows of this frame that the tracker needs. */
export interface ZeroFrame {
  readonly atMs: number;
  /** Something is off the wells, for every cell: a sphere in transit, interference, a link gap. */
  readonly boardMoving: boolean;
  /** Only for the pivots: a class change or a press anywhere this frame, or the pivots not weighable. */
  readonly pivotsMoving: boolean;
  /** Per cell: 1 when a sample of it reached the wells this frame (not stale, faulty or held back). */
  readonly fed: Uint8Array;
  /** Wells whose class changed this frame. */
  readonly changed: readonly number[];
  /** Pivots − (board + wells + in transit), when the pivots can be weighed. */
  readonly excessG: number | undefined;
}

const clamp = (x: number, limit: number): number => (x > limit ? limit : x < -limit ? -limit : x);

/** One frame: follows the drift of every cell if the board has been calm long enough; pushes fault events. */
export function trackZeros(
  z: ZeroState,
  config: SensingConfig,
  wells: WellBank,
  faults: FaultBank,
  f: ZeroFrame,
  events: SensingEvent[],
): void {
  const o = config.options;
  const dt = Number.isNaN(z.lastMs) ? 0 : Math.min(Math.max(0, f.atMs - z.lastMs), 2000 / o.frameRate);
  z.lastMs = f.atMs;
  const maxStep = (o.zeroTrackGPerMin * dt) / 60_000;
  for (const w of f.changed) z.calmSince[w] = NaN;
  let allSettled = true;
  for (let c = 0; c < config.wellCount; c++) {
    const w = config.wellOfCell[c] ?? c;
    if (isFaulty(faults, c)) {
      z.calmSince[w] = NaN;
      continue;
    }
    if (!wells.settled[w] || wells.pressed[w]) allSettled = false;
    // Held back or stale: this frame says nothing new of the cell.
    if (!f.fed[c]) continue;
    if (f.boardMoving || !wells.settled[w] || wells.pressed[w]) {
      z.calmSince[w] = NaN;
      continue;
    }
    const since = z.calmSince[w] ?? NaN;
    if (Number.isNaN(since)) {
      z.calmSince[w] = f.atMs;
      continue;
    }
    if (f.atMs - since < o.zeroCalmMs) continue;
    const level = wells.level[w] ?? 0;
    let target = 0;
    if (wells.cls[w] === EMPTY_CLASS) z.sphereG[w] = NaN;
    else {
      if (Number.isNaN(z.sphereG[w])) z.sphereG[w] = level;
      target = z.sphereG[w] ?? level;
    }
    move(z, config, c, clamp(level - target, maxStep), f.atMs, events);
  }
  trackPivots(z, config, f, allSettled, maxStep, events);
}

/** The pivots' zero, from the excess, once the whole board has been calm long enough (a well not settled now only pauses it). */
function trackPivots(
  z: ZeroState,
  config: SensingConfig,
  f: ZeroFrame,
  allSettled: boolean,
  maxStep: number,
  events: SensingEvent[],
): void {
  const pivots = config.pivotCells;
  if (pivots.length === 0) return;
  if (f.boardMoving || f.pivotsMoving || f.changed.length > 0) {
    z.boardCalmSince = NaN;
    return;
  }
  if (Number.isNaN(z.boardCalmSince)) z.boardCalmSince = f.atMs;
  if (!allSettled || f.atMs - z.boardCalmSince < config.options.zeroCalmMs) return;
  if (f.excessG !== undefined && Math.abs(f.excessG) < config.options.interferenceBelowG) {
    const share = clamp(f.excessG, maxStep * pivots.length) / pivots.length;
    for (const c of pivots) move(z, config, c, share, f.atMs, events);
  }
}

/** A sphere came to or left well `w`: the next one there is weighed afresh at the next calm moment. */
export const forgetSphere = (z: ZeroState, w: number): void => {
  z.sphereG[w] = NaN;
};

function move(z: ZeroState, config: SensingConfig, cell: number, stepG: number, atMs: number, events: SensingEvent[]): void {
  const zero = (z.zeroG[cell] ?? 0) + stepG;
  z.zeroG[cell] = zero;
  const size = Math.abs(zero);
  const o = config.options;
  if (!z.drifted[cell] && size > o.zeroFaultG) {
    z.drifted[cell] = 1;
    events.push({ type: 'sensor-fault', atMs, fault: 'drifted', cell, offsetG: zero });
  } else if (z.drifted[cell] && size < o.zeroFaultClearG) {
    z.drifted[cell] = 0;
    events.push({ type: 'sensor-fault-cleared', atMs, fault: 'drifted', cell });
  }
}

/** Cells whose tracked zero is beyond the fault limit now. */
export const driftedCells = (z: ZeroState): number[] => Array.from(z.drifted.keys()).filter((c) => z.drifted[c] === 1);

/** The `n` largest tracked zeros, largest first: `{cell, offsetG}`. */
export function largestZeros(z: ZeroState, n: number): { cell: number; offsetG: number }[] {
  return Array.from(z.zeroG, (offsetG, cell) => ({ cell, offsetG }))
    .sort((a, b) => Math.abs(b.offsetG) - Math.abs(a.offsetG))
    .slice(0, n);
}
