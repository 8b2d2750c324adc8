/**
 * Sensor faults per cell, each with its clearing:
 *   dead      — `deadFrames` fresh readings in a row that no load on a working cell gives
 *               (`deadLike`): less than nothing by a whole piece, or the ADC's own zero (an
 *               HX711 whose bridge gives no signal, lost excitation or DOUT held low, reads
 *               0 ± its noise) where no live cell could read it; cleared after
 *               `deadClearFrames` readings in a row that are not. Such a reading is
 *               withheld from the first one (`suspect`), before the fault is sure: a cell
 *               dying under a sphere would otherwise read as the sphere lifted.
 *   stuck     — `stuckFrames` fresh readings in a row bit-identical (a live HX711 always
 *               shows a few counts of noise; 40 frames = 0.5 s); cleared by any change.
 *               A dead reading is dead, not stuck (all-zero is the common dead HX711).
 *   saturated — `saturatedFrames` fresh readings in a row at the end of the 24-bit range;
 *               cleared after `saturatedClearFrames` in-range readings in a row.
 *   silent    — stale for `silentFrames` frames in a row (the board's own ERR SENSOR uses
 *               8); cleared by the next fresh reading.
 * A faulty cell's readings are withheld from the wells, roll and interference logic.
 */
import { RAW_MAX, RAW_MIN } from './calibration.ts';
import type { SensingConfig } from './config.ts';
import type { SensingEvent, SensorFault } from './events.ts';

export interface FaultBank {
  readonly lastRaw: Int32Array;
  readonly hasRaw: Uint8Array;
  readonly sameRun: Uint16Array;
  readonly satRun: Uint16Array;
  readonly okRun: Uint16Array;
  readonly staleRun: Uint16Array;
  readonly stuck: Uint8Array;
  readonly saturated: Uint8Array;
  readonly silent: Uint8Array;
  readonly deadRun: Uint16Array;
  readonly liveRun: Uint16Array;
  readonly dead: Uint8Array;
  /** 1 while the last fresh reading was dead-like: it is withheld, fault or not yet. */
  readonly suspect: Uint8Array;
  /**
   * What the blind points (their cells withheld) hold, grams, as the pivots show it: the
   * pieces they may hold (none or one each) nearest to the load nothing seen explains.
   */
  readonly blind: { loadG: number; points: readonly number[] };
}

export function createFaultBank(cells: number): FaultBank {
  return {
    lastRaw: new Int32Array(cells),
    hasRaw: new Uint8Array(cells),
    sameRun: new Uint16Array(cells),
    satRun: new Uint16Array(cells),
    okRun: new Uint16Array(cells),
    staleRun: new Uint16Array(cells),
    stuck: new Uint8Array(cells),
    saturated: new Uint8Array(cells),
    silent: new Uint8Array(cells),
    deadRun: new Uint16Array(cells),
    liveRun: new Uint16Array(cells),
    dead: new Uint8Array(cells),
    suspect: new Uint8Array(cells),
    blind: { loadG: 0, points: [] },
  };
}

/** The cell's readings are withheld now (a fault, or a dead-like reading not yet a fault). */
export const isFaulty = (f: FaultBank, cell: number): boolean =>
  (f.stuck[cell] ?? 0) + (f.saturated[cell] ?? 0) + (f.silent[cell] ?? 0) + (f.dead[cell] ?? 0) + (f.suspect[cell] ?? 0) > 0;

/** The faults standing on a cell now (the bank's; `drifted` is the zero tracker's). */
export function faultsOf(f: FaultBank, cell: number): SensorFault[] {
  const out: SensorFault[] = [];
  if (f.dead[cell]) out.push('dead');
  if (f.stuck[cell]) out.push('stuck');
  if (f.saturated[cell]) out.push('saturated');
  if (f.silent[cell]) out.push('silent');
  return out;
}

/**
 * A reading no working cell gives, whatever stands on it: `grams` (calibrated, from the
 * tracked zero) less than nothing by a whole piece; or `raw` at the ADC's own zero where
 * that would mean (`zeroReadsG`) less than nothing, or on a point more than a hand's press
 * (a piece with another resting on its rim is a steady load anywhere up to there; a pivot
 * carries the board, any load). A cell whose calibrated zero lies between reads, dead, as
 * a load a live cell may hold: that death is not seen here.
 */
export function deadLike(config: SensingConfig, cell: number, raw: number, grams: number, zeroReadsG: number): boolean {
  const o = config.options;
  if (grams < -o.deadBelowG) return true;
  if (Math.abs(raw) > o.deadBandCounts) return false;
  const margin = Math.max(o.deadMarginG, (2 * o.deadBandCounts) / (config.countsPerGram[cell] ?? 1));
  if (zeroReadsG < -margin) return true;
  return cell < config.wellCount && zeroReadsG > o.pressAboveG + margin;
}

const NONE: readonly number[] = Object.freeze([]);

/** Points whose cell's readings are withheld now: what stands there is not seen. */
export function blindPoints(f: FaultBank, config: SensingConfig): readonly number[] {
  let out: number[] | undefined;
  for (let c = 0; c < config.wellCount; c++) if (isFaulty(f, c)) (out ??= []).push(config.wellOfCell[c] ?? c);
  return out ?? NONE;
}

const samePoints = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Once a frame, after the cells are read: the points blind now. When they change, what they
 * hold starts from what they held when last seen (`lastSeenG`).
 */
export function noteBlindPoints(f: FaultBank, config: SensingConfig, lastSeenG: (points: readonly number[]) => number): readonly number[] {
  const points = blindPoints(f, config);
  if (!samePoints(points, f.blind.points)) {
    f.blind.points = points;
    f.blind.loadG = points.length === 0 ? 0 : lastSeenG(points);
  }
  return points;
}

/**
 * Follows what the blind points hold, while every point seen is still, from the pivots'
 * load that no seen point explains (`unexplainedG`, blind points left out): the sum of the
 * pieces they could hold (none or one each) nearest to it, when within the calm band. So a
 * piece set down on a blind point, or taken from it, is not a hand on the board; a hand is
 * still seen unless it weighs, steadily, what the blind points could hold.
 */
export function followBlindLoad(f: FaultBank, config: SensingConfig, unexplainedG: number): void {
  const n = f.blind.points.length;
  if (n === 0) return;
  let sums = [0];
  for (let i = 0; i < Math.min(n, 4); i++) sums = [...new Set([...sums, ...sums.flatMap((s) => config.kindMasses.map((m) => s + m))])];
  let best = f.blind.loadG;
  for (const s of sums) if (Math.abs(unexplainedG - s) < Math.abs(unexplainedG - best)) best = s;
  if (Math.abs(unexplainedG - best) < config.options.interferenceBelowG) f.blind.loadG = best;
}

const cap = (n: number): number => (n < 65535 ? n + 1 : n);

/** Sets or clears a fault flag, with its event when it changes. (Module level: no closure per cell and frame.) */
function setFlag(events: SensingEvent[], atMs: number, cell: number, fault: SensorFault, flags: Uint8Array, on: boolean): void {
  if (on === (flags[cell] === 1)) return;
  flags[cell] = on ? 1 : 0;
  events.push(on ? { type: 'sensor-fault', atMs, fault, cell } : { type: 'sensor-fault-cleared', atMs, fault, cell });
}

/**
 * Updates one cell with this frame's reading (`stale` = no fresh reading); pushes fault
 * events. `zeroG`: the cell's tracked zero, grams (what the tracker takes off its readings).
 */
export function checkCell(
  f: FaultBank,
  config: SensingConfig,
  cell: number,
  raw: number,
  stale: boolean,
  zeroG: number,
  atMs: number,
  events: SensingEvent[],
): void {
  const o = config.options;
  if (stale) {
    f.staleRun[cell] = cap(f.staleRun[cell] ?? 0);
    if ((f.staleRun[cell] ?? 0) >= o.silentFrames) setFlag(events, atMs, cell, 'silent', f.silent, true);
    return;
  }
  f.staleRun[cell] = 0;
  setFlag(events, atMs, cell, 'silent', f.silent, false);

  const offset = config.offsets[cell] ?? 0;
  const scale = config.countsPerGram[cell] ?? 1;
  const dying = raw < RAW_MAX && raw > RAW_MIN && deadLike(config, cell, raw, (raw - offset) / scale - zeroG, -offset / scale - zeroG);
  f.suspect[cell] = dying ? 1 : 0;
  if (dying) {
    f.liveRun[cell] = 0;
    f.deadRun[cell] = cap(f.deadRun[cell] ?? 0);
    if ((f.deadRun[cell] ?? 0) >= o.deadFrames) setFlag(events, atMs, cell, 'dead', f.dead, true);
  } else {
    f.deadRun[cell] = 0;
    f.liveRun[cell] = cap(f.liveRun[cell] ?? 0);
    if ((f.liveRun[cell] ?? 0) >= o.deadClearFrames) setFlag(events, atMs, cell, 'dead', f.dead, false);
  }

  // A cell pinned at the range end is saturated, not stuck; one pinned at a dead reading is dead.
  const same = !dying && f.hasRaw[cell] === 1 && f.lastRaw[cell] === raw && raw < RAW_MAX && raw > RAW_MIN;
  f.sameRun[cell] = same ? cap(f.sameRun[cell] ?? 0) : 0;
  f.lastRaw[cell] = raw;
  f.hasRaw[cell] = 1;
  // sameRun counts repeats, so N identical readings give N − 1.
  if ((f.sameRun[cell] ?? 0) + 1 >= o.stuckFrames) setFlag(events, atMs, cell, 'stuck', f.stuck, true);
  else if (!same) setFlag(events, atMs, cell, 'stuck', f.stuck, false);

  if (raw >= RAW_MAX || raw <= RAW_MIN) {
    f.okRun[cell] = 0;
    f.satRun[cell] = cap(f.satRun[cell] ?? 0);
    if ((f.satRun[cell] ?? 0) >= o.saturatedFrames) setFlag(events, atMs, cell, 'saturated', f.saturated, true);
  } else {
    f.satRun[cell] = 0;
    f.okRun[cell] = cap(f.okRun[cell] ?? 0);
    if ((f.okRun[cell] ?? 0) >= o.saturatedClearFrames) setFlag(events, atMs, cell, 'saturated', f.saturated, false);
  }
}
