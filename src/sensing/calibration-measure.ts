/**
 * The measurements of a guided calibration, as pure functions over windows of raw frames
 * (the interactive command collects the frames and talks to the operator).
 *
 * 1. `measureZero`: the board is empty and still. Per cell the mean raw level, with
 *    coded reasons to refuse the window.
 * 2. `measureScale`: a reference mass of known grams stands on one well. The scale of that
 *    cell (or of a pivot cell, with the rise `pivotRiseG` predicts).
 * 3. `calibrationFromMeasurements`: assembles the `Calibration` (pivot offsets remove the
 *    board's own weight, which always rests on the pivots).
 *
 * How "a sphere is present" is judged. HX711 zero offsets differ from cell to cell by
 * tens of thousands of counts (far more than a sphere's ~25 000), so an absolute level
 * says nothing. Two relative tests instead:
 *   - against the previous calibration of this board (when there is one): a cell whose
 *     level is more than half the lightest sphere above its stored zero carries something
 *     (`SpherePresent`); more than half a sphere below means the stored zero itself was
 *     taken with a load on it, or the cell moved (`ZeroShifted`). Offset drift with
 *     temperature is a few grams, far inside half a sphere.
 *   - within the window: the level, averaged over blocks of 8 frames (100 ms at 80/s, which
 *     averages the noise away), must not move by half a sphere or more (`LevelMoved`): a
 *     sphere set down or taken away during the window.
 * A first calibration of a board has no previous zero: a sphere left standing still on a
 * well cannot be seen then, and the operator's "the board is empty" is trusted.
 *
 * Noise: the standard deviation of a cell's fresh readings, in grams at the nominal scale,
 * must not exceed `maxNoiseG` (default 1 g; the sensing pipeline's settle band is ±3 g,
 * i.e. 3 σ at that limit). Stale readings are left out of every average.
 */
import { err, ok, type Result } from '../util/result.ts';
import type { Frame } from '../protocol/frame.ts';
import { rankOf, type Grid } from '../board/grid.ts';
import { RAW_MAX, RAW_MIN, type Calibration } from './calibration.ts';

export const DEFAULT_MAX_NOISE_G = 1;
export const DEFAULT_MIN_FRAMES = 40;
/** Frames per block for the level-moved test: 100 ms at 80 frames/s. */
export const LEVEL_BLOCK_FRAMES = 8;
/** A scale farther than this from nominal is refused (the datasheet says ±15 %). */
export const SCALE_TOLERANCE = 0.4;

export const MEASURE_REJECTION_CODES = [
  'TooFewFrames',
  'NoReadings',
  'Saturated',
  'Noisy',
  'LevelMoved',
  'SpherePresent',
  'ZeroShifted',
  'RiseTooSmall',
  'ScaleOutOfRange',
] as const;
export type MeasureRejectionCode = (typeof MEASURE_REJECTION_CODES)[number];

export interface MeasureRejection {
  readonly code: MeasureRejectionCode;
  /** The cell concerned; absent for a problem of the whole window. */
  readonly cell?: number;
  readonly message: string;
}

/** What one cell did over a window. */
interface CellStats {
  readonly fresh: number;
  readonly mean: number;
  readonly sd: number;
  readonly saturated: boolean;
  /** max − min of the block means (raw counts). */
  readonly blockRange: number;
}

function cellStats(frames: readonly Frame[], cell: number): CellStats {
  let fresh = 0;
  let sum = 0;
  let sumSq = 0;
  let saturated = false;
  let blockSum = 0;
  let blockN = 0;
  let blockMin = Infinity;
  let blockMax = -Infinity;
  const closeBlock = (): void => {
    if (blockN === 0) return;
    const m = blockSum / blockN;
    blockMin = Math.min(blockMin, m);
    blockMax = Math.max(blockMax, m);
    blockSum = 0;
    blockN = 0;
  };
  frames.forEach((f, k) => {
    if (k % LEVEL_BLOCK_FRAMES === 0) closeBlock();
    if (f.stale.includes(cell)) return;
    const v = f.cells[cell];
    if (v === undefined) return;
    if (v <= RAW_MIN || v >= RAW_MAX) saturated = true;
    fresh++;
    sum += v;
    sumSq += v * v;
    blockSum += v;
    blockN++;
  });
  closeBlock();
  const mean = fresh > 0 ? sum / fresh : 0;
  const variance = fresh > 1 ? Math.max(0, (sumSq - fresh * mean * mean) / (fresh - 1)) : 0;
  return { fresh, mean, sd: Math.sqrt(variance), saturated, blockRange: blockMax >= blockMin ? blockMax - blockMin : 0 };
}

const g = (x: number): string => `${x.toFixed(1)} g`;

/** The checks shared by both measurements; returns a rejection or undefined. */
function checkStill(
  s: CellStats,
  cell: number,
  frameCount: number,
  countsPerGram: number,
  maxNoiseG: number,
  movedG: number,
): MeasureRejection | undefined {
  if (s.fresh < frameCount / 2)
    return { code: 'NoReadings', cell, message: `cell ${cell} gave a fresh reading in only ${s.fresh} of ${frameCount} frames` };
  if (s.saturated) return { code: 'Saturated', cell, message: `cell ${cell} reads at the end of the HX711 range: overloaded or miswired` };
  const movedByG = s.blockRange / countsPerGram;
  if (movedByG >= movedG)
    return {
      code: 'LevelMoved',
      cell,
      message: `cell ${cell} changed by ${g(movedByG)} during the window (limit ${g(movedG)}): something was set down or taken away`,
    };
  const noiseG = s.sd / countsPerGram;
  if (noiseG > maxNoiseG)
    return {
      code: 'Noisy',
      cell,
      message: `cell ${cell} is too noisy: ${noiseG.toFixed(2)} g standard deviation, limit ${maxNoiseG} g at the nominal scale`,
    };
  return undefined;
}

export interface ZeroOptions {
  /** Datasheet counts per gram of the well cells, to express noise and movement in grams. */
  readonly nominalCountsPerGram: number;
  /** The same for the pivot cells when they are another model; default `nominalCountsPerGram`. */
  readonly pivotNominalCountsPerGram?: number;
  /** The lightest sphere of the profile, grams: "a sphere" in the presence tests is half of it. */
  readonly sphereMassG: number;
  /** Number of well cells; the cells after them are pivots. */
  readonly wellCount: number;
  /** Grams each pivot carries on an empty board (the board's own mass shared out); default 0. */
  readonly pivotPreloadG?: readonly number[];
  /** The board's stored calibration, to notice a sphere standing still on a well. */
  readonly previous?: Calibration;
  readonly maxNoiseG?: number;
  readonly minFrames?: number;
}

export interface ZeroMeasurement {
  /** Mean raw reading per cell over the window's fresh readings. */
  readonly levels: readonly number[];
  /** Standard deviation per cell, grams at the nominal scale. */
  readonly noiseG: readonly number[];
  readonly frames: number;
}

/** Zero levels of an empty, still board. All problems are reported, one per cell at most. */
export function measureZero(frames: readonly Frame[], options: ZeroOptions): Result<ZeroMeasurement, MeasureRejection[]> {
  const minFrames = options.minFrames ?? DEFAULT_MIN_FRAMES;
  if (frames.length < minFrames) return err([{ code: 'TooFewFrames', message: `${frames.length} frames, at least ${minFrames} needed` }]);
  const n = frames[0]?.cells.length ?? 0;
  const maxNoiseG = options.maxNoiseG ?? DEFAULT_MAX_NOISE_G;
  const halfSphere = options.sphereMassG / 2;
  const rejections: MeasureRejection[] = [];
  const levels: number[] = [];
  const noiseG: number[] = [];
  for (let cell = 0; cell < n; cell++) {
    const s = cellStats(frames, cell);
    const nominal =
      cell >= options.wellCount ? (options.pivotNominalCountsPerGram ?? options.nominalCountsPerGram) : options.nominalCountsPerGram;
    levels.push(s.mean);
    noiseG.push(s.sd / nominal);
    const still = checkStill(s, cell, frames.length, nominal, maxNoiseG, halfSphere);
    if (still) {
      rejections.push(still);
      continue;
    }
    const prev = options.previous?.cells[cell];
    if (!prev) continue;
    const preload = cell >= options.wellCount ? (options.pivotPreloadG?.[cell - options.wellCount] ?? 0) : 0;
    const aboveG = (s.mean - prev.offset) / prev.countsPerGram - preload;
    if (aboveG > halfSphere)
      rejections.push({
        code: 'SpherePresent',
        cell,
        message: `cell ${cell} reads ${g(aboveG)} above its stored zero (limit ${g(halfSphere)}): is something on it?`,
      });
    else if (aboveG < -halfSphere)
      rejections.push({
        code: 'ZeroShifted',
        cell,
        message: `cell ${cell} reads ${g(-aboveG)} below its stored zero (limit ${g(halfSphere)}): the stored zero was taken under load, or the cell moved; recalibrate without the previous calibration`,
      });
  }
  return rejections.length > 0 ? err(rejections) : ok({ levels, noiseG, frames: frames.length });
}

export interface ScaleOptions {
  readonly cell: number;
  /** The cell's raw level without the reference mass (from `measureZero`). */
  readonly baseline: number;
  /** Grams the reference mass adds on this cell: its mass for a well cell, `pivotRiseG` for a pivot. */
  readonly riseG: number;
  readonly nominalCountsPerGram: number;
  readonly maxNoiseG?: number;
  readonly minFrames?: number;
  /** Movement limit in grams while measuring; default a quarter of |riseG|. */
  readonly movedG?: number;
}

export interface ScaleMeasurement {
  readonly countsPerGram: number;
  readonly level: number;
  readonly noiseG: number;
}

/** Smallest rise worth measuring a scale from: 10 g gives 0.1 % resolution at 1 g noise over 40 frames. */
export const MIN_RISE_G = 10;

/** The scale of one cell from frames taken with a known mass on the board. */
export function measureScale(frames: readonly Frame[], options: ScaleOptions): Result<ScaleMeasurement, MeasureRejection[]> {
  const { cell, riseG, nominalCountsPerGram: nominal } = options;
  const minFrames = options.minFrames ?? DEFAULT_MIN_FRAMES;
  if (frames.length < minFrames) return err([{ code: 'TooFewFrames', message: `${frames.length} frames, at least ${minFrames} needed` }]);
  if (Math.abs(riseG) < MIN_RISE_G)
    return err([
      { code: 'RiseTooSmall', cell, message: `an expected rise of ${g(riseG)} is too small to measure a scale (at least ${MIN_RISE_G} g)` },
    ]);
  const s = cellStats(frames, cell);
  const maxNoiseG = options.maxNoiseG ?? DEFAULT_MAX_NOISE_G;
  const still = checkStill(s, cell, frames.length, nominal, maxNoiseG, options.movedG ?? Math.abs(riseG) / 4);
  if (still) return err([still]);
  const countsPerGram = (s.mean - options.baseline) / riseG;
  const ratio = countsPerGram / nominal;
  if (Math.abs(ratio - 1) > SCALE_TOLERANCE)
    return err([
      {
        code: 'ScaleOutOfRange',
        cell,
        message: `cell ${cell} rose by ${g((s.mean - options.baseline) / nominal)} (nominal scale) for ${g(riseG)}: ${(ratio * 100).toFixed(0)} % of nominal, outside ±${SCALE_TOLERANCE * 100} %; wrong well, wrong mass, or a faulty cell`,
      },
    ]);
  return ok({ countsPerGram, level: s.mean, noiseG: s.sd / nominal });
}

/**
 * What the two pivot cells gain when `grams` are set on `well` of a board resting on two
 * support lines parallel to the ranks, at y = ∓d pitches from the centre line (statics of
 * a beam on two supports; y grows with the rank, toward black): the sum gains `grams`,
 * the difference black − white gains grams·y/d. Only meaningful while the board stays
 * level, so use wells near the centre line; undefined when d = 0.
 */
export function pivotRiseG(halfGap: number, grid: Grid, well: number, grams: number): { white: number; black: number } | undefined {
  if (halfGap <= 0) return undefined;
  const y = rankOf(grid, well) - (grid.ranks - 1) / 2;
  const diff = (grams * y) / halfGap;
  return { white: (grams - diff) / 2, black: (grams + diff) / 2 };
}

export interface CalibrationParts {
  readonly boardId: number;
  readonly createdAt?: string;
  readonly zero: ZeroMeasurement;
  /** Counts per gram per cell (measured, or nominal for cells not measured). */
  readonly countsPerGram: readonly number[];
  readonly wellCount: number;
  /** Grams each pivot carried during the zero window: the board's own mass, half each on a symmetric board. */
  readonly pivotPreloadG?: readonly number[];
}

/** Pivot offsets are the raw level with the board's own weight taken out, so that pivots read board + spheres. */
export function calibrationFromMeasurements(p: CalibrationParts): Calibration {
  const cells = p.zero.levels.map((level, i) => {
    const countsPerGram = p.countsPerGram[i] ?? NaN;
    const preload = i >= p.wellCount ? (p.pivotPreloadG?.[i - p.wellCount] ?? 0) : 0;
    return { offset: level - preload * countsPerGram, countsPerGram };
  });
  return { boardId: p.boardId, ...(p.createdAt !== undefined ? { createdAt: p.createdAt } : {}), cells };
}
