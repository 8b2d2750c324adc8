/**
 * The fixed part of a sensing pipeline: what the profile and calibration say about the
 * board, with the options. Plain data, so a state holding it clones with structuredClone.
 */
import type { BoardProfile } from '../rules/senryaku/profile.ts';
import { PIECE_CHARS, WELLS, type PieceChar } from '../rules/senryaku/types.ts';
import type { Calibration } from './calibration.ts';
import { defaultSensingOptions, type SensingOptions } from './options.ts';

export interface SensingConfig {
  readonly profile: BoardProfile;
  readonly options: SensingOptions;
  readonly cellCount: number;
  /** Well of each well cell (cells 0..wellCount-1). */
  readonly wellOfCell: readonly number[];
  readonly wellCount: number;
  /** Cell indices of the pivot load cells (may be empty: then no roll or interference detection). */
  readonly pivotCells: readonly number[];
  readonly offsets: Float64Array;
  readonly countsPerGram: Float64Array;
  /** Sphere masses in PIECE_CHARS order. */
  readonly kindMasses: readonly number[];
  readonly lightestSphereG: number;
}

export function createConfig(profile: BoardProfile, calibration: Calibration, overrides: Partial<SensingOptions> = {}): SensingConfig {
  const wellOfCell = profile.cells ? [...profile.cells.wells] : Array.from({ length: WELLS }, (_, i) => i);
  const pivots = profile.cells?.pivots.length ?? 0;
  const cellCount = wellOfCell.length + pivots;
  if (calibration.cells.length !== cellCount)
    throw new RangeError(`the calibration has ${calibration.cells.length} cells, the profile ${cellCount}`);
  const kindMasses = PIECE_CHARS.map((p) => profile.sphereMass[p]);
  return {
    profile,
    options: { ...defaultSensingOptions(profile), ...overrides },
    cellCount,
    wellOfCell,
    wellCount: wellOfCell.length,
    pivotCells: Array.from({ length: pivots }, (_, i) => wellOfCell.length + i),
    offsets: Float64Array.from(calibration.cells, (c) => c.offset),
    countsPerGram: Float64Array.from(calibration.cells, (c) => c.countsPerGram),
    kindMasses,
    lightestSphereG: Math.min(...kindMasses),
  };
}

/** Bit mask of the kinds (PIECE_CHARS order) whose mass is nearest `grams`, within the resolution. */
export function kindMaskOf(config: SensingConfig, grams: number): number {
  let best = Infinity;
  for (const m of config.kindMasses) best = Math.abs(m - grams) < Math.abs(best - grams) ? m : best;
  let mask = 0;
  config.kindMasses.forEach((m, i) => {
    if (Math.abs(m - best) < config.options.kindResolutionG) mask |= 1 << i;
  });
  return mask;
}

export const kindsOfMask = (mask: number): PieceChar[] => PIECE_CHARS.filter((_, i) => mask & (1 << i));
