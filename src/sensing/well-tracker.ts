/**
 * Per-well state machine, fed one fresh gram reading per frame.
 *
 *   committed class: empty ⇄ sphere       (changes only on a settled window, with
 *                                           hysteresis: enter sphere ≥ sphereAboveG,
 *                                           back to empty < emptyBelowG)
 *   pressed flag:    set when the reading stays above the press threshold for
 *                    pressFrames frames (or settles above it); cleared when it settles
 *                    below the release threshold. While pressed, no class change is
 *                    made; on release the settled level is compared with the class before.
 *                    Both thresholds are the well's own, from its tracked zero and its
 *                    settled load: pressAboveG, and on a well holding a piece also the
 *                    piece's held weight + pressAboveLoadG; the release, the higher of
 *                    pressReleaseBelowG and the level before the press +
 *                    pressReleaseAboveLoadG. So a piece whose reading has crept up (a
 *                    zero not yet followed) is neither taken for a press nor, once
 *                    pressed, held as one after the hand has gone.
 *
 * Changes come out as `WellChange`s: the pipeline decides whether a departure is a lift
 * or the start of a roll. Why a placement is reported once despite bounce: events come
 * from class changes, not level changes, and a class only changes on a window that has
 * stopped moving; a bounce's peaks and troughs are never 4 frames inside ±3 g of each
 * other unless the bounce has died to a few grams, which cannot flip the class.
 */
import type { SensingConfig } from './config.ts';
import { kindMaskOf } from './config.ts';
import { createSettleBank, pushSample, resetBank, settledTail, type SettleBank } from './settle.ts';

export const EMPTY_CLASS = 0;
/**
 * The held weight follows a settled level down by at most this per frame (0.8 g/s at 80
 * frames/s, about the zero tracker's pace): a sphere's reading drifts that slowly (and the
 * zeros are tracked anyway), while a sphere resting half on its neighbour's rim is a step.
 */
const DRIFT_STEP_G = 0.01;
export const SPHERE_CLASS = 1;

export interface WellBank {
  /** Committed class per well: EMPTY_CLASS or SPHERE_CLASS. */
  readonly cls: Uint8Array;
  /** Kinds mask of the committed sphere (PIECE_CHARS bits). */
  readonly kinds: Uint8Array;
  /** Last settled level, grams. */
  readonly level: Float64Array;
  /**
   * Weight of the committed sphere, grams: its level on arrival, raised as a slow arrival
   * completes, lowered only at a drift's pace (DRIFT_STEP_G a frame), so not by a transfer out.
   */
  readonly heldG: Float64Array;
  /** Last fresh reading, grams. */
  readonly current: Float64Array;
  /** 1 while the last window was settled. */
  readonly settled: Uint8Array;
  readonly pressed: Uint8Array;
  readonly pressRun: Uint16Array;
  readonly pressRunSince: Float64Array;
  /** Level before the press began, to report the extra grams. */
  readonly pressBase: Float64Array;
  /** Fresh samples since the last gap (saturating): the k-th is the first that can settle. */
  readonly sinceGap: Uint16Array;
  readonly settle: SettleBank;
}

export type WellChange =
  | { readonly type: 'arrival'; readonly well: number; readonly atMs: number; readonly grams: number; readonly kinds: number }
  /**
   * `unseen`: the well already read empty in every sample since a gap, so the sphere left
   * while the frames were missing and nothing is known of how (lifted or rolled).
   */
  | {
      readonly type: 'departure';
      readonly well: number;
      readonly atMs: number;
      readonly grams: number;
      readonly kinds: number;
      readonly unseen?: true;
    }
  | { readonly type: 'press'; readonly well: number; readonly atMs: number; readonly extraG: number }
  | { readonly type: 'release'; readonly well: number; readonly atMs: number };

export function createWellBank(wells: number, config: SensingConfig): WellBank {
  return {
    cls: new Uint8Array(wells),
    kinds: new Uint8Array(wells),
    level: new Float64Array(wells),
    heldG: new Float64Array(wells),
    current: new Float64Array(wells),
    settled: new Uint8Array(wells),
    pressed: new Uint8Array(wells),
    pressRun: new Uint16Array(wells),
    pressRunSince: new Float64Array(wells),
    pressBase: new Float64Array(wells),
    sinceGap: new Uint16Array(wells),
    settle: createSettleBank(wells, config.options.settleFrames, config.options.settleBandG),
  };
}

/** One fresh reading of well `w`; appends changes to `out`. */
export function trackWell(bank: WellBank, config: SensingConfig, w: number, grams: number, atMs: number, out: WellChange[]): void {
  const o = config.options;
  bank.current[w] = grams;
  bank.sinceGap[w] = Math.min(0xffff, (bank.sinceGap[w] ?? 0) + 1);
  const settled = pushSample(bank.settle, w, grams, atMs);
  bank.settled[w] = settled ? 1 : 0;
  const mean = bank.settle.mean[w] ?? grams;
  const since = bank.settle.since[w] ?? atMs;

  if (bank.pressed[w]) {
    if (settled && mean < Math.max(o.pressReleaseBelowG, (bank.pressBase[w] ?? 0) + o.pressReleaseAboveLoadG)) {
      bank.pressed[w] = 0;
      bank.pressRun[w] = 0;
      out.push({ type: 'release', well: w, atMs: since });
      commit(bank, config, w, mean, since, out);
    }
    return;
  }

  const pressAbove = bank.cls[w] === SPHERE_CLASS ? Math.max(o.pressAboveG, (bank.heldG[w] ?? 0) + o.pressAboveLoadG) : o.pressAboveG;
  if (grams > pressAbove) {
    if (bank.pressRun[w] === 0) bank.pressRunSince[w] = atMs;
    bank.pressRun[w] = (bank.pressRun[w] ?? 0) + 1;
  } else bank.pressRun[w] = 0;
  const settledHigh = settled && mean > pressAbove;
  if (settledHigh || (bank.pressRun[w] ?? 0) >= o.pressFrames) {
    const base = bank.level[w] ?? 0;
    bank.pressed[w] = 1;
    bank.pressBase[w] = base;
    const start = settledHigh ? Math.min(since, bank.pressRunSince[w] ?? since) : (bank.pressRunSince[w] ?? atMs);
    out.push({ type: 'press', well: w, atMs: start, extraG: (settledHigh ? mean : grams) - base });
    return;
  }
  if (settled) commit(bank, config, w, mean, since, out);
  else if (bank.cls[w] === SPHERE_CLASS && grams < o.emptyBelowG) {
    // A sphere leaving does not bounce: a shorter run at empty is enough (options.departureFrames).
    const tail = settledTail(bank.settle, w, o.departureFrames);
    if (tail && tail.mean < o.emptyBelowG) commit(bank, config, w, tail.mean, tail.since, out, o.departureFrames);
  }
}

/** `samples`: how many samples the settled window held (the well's last `samples` readings). */
function commit(
  bank: WellBank,
  config: SensingConfig,
  w: number,
  mean: number,
  since: number,
  out: WellChange[],
  samples = bank.settle.k,
): void {
  const o = config.options;
  const was = bank.cls[w];
  if (was === EMPTY_CLASS) {
    if (mean >= o.sphereAboveG) {
      const kinds = kindMaskOf(config, mean);
      bank.cls[w] = SPHERE_CLASS;
      bank.kinds[w] = kinds;
      bank.heldG[w] = mean;
      out.push({ type: 'arrival', well: w, atMs: since, grams: mean, kinds });
    }
  } else if (mean < o.emptyBelowG) {
    bank.cls[w] = EMPTY_CLASS;
    const unseen = bank.sinceGap[w] === samples;
    out.push({
      type: 'departure',
      well: w,
      atMs: since,
      grams: bank.heldG[w] ?? 0,
      kinds: bank.kinds[w] ?? 0,
      ...(unseen ? { unseen } : {}),
    });
    bank.kinds[w] = 0;
    bank.heldG[w] = 0;
  } else {
    // Still a sphere: a different kind (disjoint masks) means one was swapped for another
    // faster than the empty well could settle.
    const kinds = kindMaskOf(config, mean);
    const held = bank.heldG[w] ?? 0;
    if ((kinds & (bank.kinds[w] ?? 0)) === 0) {
      out.push({ type: 'departure', well: w, atMs: since, grams: held, kinds: bank.kinds[w] ?? 0 });
      out.push({ type: 'arrival', well: w, atMs: since, grams: mean, kinds });
      bank.kinds[w] = kinds;
      bank.heldG[w] = mean;
    } else if (mean > held) {
      // A slow arrival completing (bounded by a heavy sphere: a finger resting is not its weight).
      bank.heldG[w] = Math.min(mean, config.kindMasses.reduce((a, b) => Math.max(a, b), 0) + o.settleBandG);
    } else bank.heldG[w] = Math.max(mean, held - DRIFT_STEP_G);
  }
  bank.level[w] = mean;
}

/** After a gap: the samples before it are not consecutive with the next ones. */
export function forgetWindows(bank: WellBank): void {
  resetBank(bank.settle);
  bank.sinceGap.fill(0);
  bank.pressRun.fill(0);
  bank.settled.fill(0);
}
