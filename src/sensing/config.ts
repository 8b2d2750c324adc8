/**
 * The fixed part of a sensing pipeline: what the hardware profile, the game and the
 * calibration say about the board, with the options. Plain data, so a state holding it
 * clones with structuredClone. Points (wells) are plain indices of the profile's grid.
 */
import { pointCount, type Grid } from '../board/grid.ts';
import { cellCountOf, pivotCellsOf, type HardwareProfile } from '../board/profile.ts';
import type { Calibration } from './calibration.ts';
import { MAX_KINDS, type SensingGame } from './game.ts';
import { defaultSensingOptions, type SensingOptions } from './options.ts';

export interface SensingConfig {
  readonly grid: Grid;
  readonly options: SensingOptions;
  readonly cellCount: number;
  /** Point of each well cell (cells 0..wellCount-1). */
  readonly wellOfCell: readonly number[];
  /** Number of well (point) cells; the cells after them are pivots. */
  readonly wellCount: number;
  /** Points of the grid: the size of every per-well table. */
  readonly pointCount: number;
  /** Cell indices of the pivot load cells (may be empty: then no roll or interference detection). */
  readonly pivotCells: readonly number[];
  readonly offsets: Float64Array;
  readonly countsPerGram: Float64Array;
  /** The game's kinds of piece by letter, and their masses in grams, in the same order (the kinds mask's bits). */
  readonly kindLetters: readonly string[];
  readonly kindMasses: readonly number[];
  readonly lightestSphereG: number;
  /** The board's own weight on the pivots, grams. */
  readonly boardMassG: number;
}

export function createConfig(
  hardware: HardwareProfile,
  game: SensingGame,
  calibration: Calibration,
  overrides: Partial<SensingOptions> = {},
): SensingConfig {
  const cellCount = cellCountOf(hardware);
  if (calibration.cells.length !== cellCount)
    throw new RangeError(`the calibration has ${calibration.cells.length} cells, the profile ${cellCount}`);
  const kindLetters = Object.keys(game.pieceMassesG);
  if (kindLetters.length === 0 || kindLetters.length > MAX_KINDS) throw new RangeError(`a game has 1..${MAX_KINDS} kinds of piece`);
  const kindMasses = kindLetters.map((k) => game.pieceMassesG[k] ?? 0);
  return {
    grid: hardware.grid,
    options: {
      ...defaultSensingOptions(game),
      ...overrides,
      // The glitch threshold follows the settle band unless it is set itself (options.ts).
      ...(overrides.glitchJumpG === undefined && overrides.settleBandG !== undefined ? { glitchJumpG: 2 * overrides.settleBandG } : {}),
    },
    cellCount,
    wellOfCell: [...hardware.cells.points],
    wellCount: hardware.cells.points.length,
    pointCount: pointCount(hardware.grid),
    pivotCells: pivotCellsOf(hardware),
    offsets: Float64Array.from(calibration.cells, (c) => c.offset),
    countsPerGram: Float64Array.from(calibration.cells, (c) => c.countsPerGram),
    kindLetters,
    kindMasses,
    lightestSphereG: Math.min(...kindMasses),
    boardMassG: game.boardMassG,
  };
}

/** Bit mask of the kinds (kindLetters order) whose mass is nearest `grams`, within the resolution. */
export function kindMaskOf(config: SensingConfig, grams: number): number {
  let best = Infinity;
  for (const m of config.kindMasses) best = Math.abs(m - grams) < Math.abs(best - grams) ? m : best;
  let mask = 0;
  config.kindMasses.forEach((m, i) => {
    if (Math.abs(m - best) < config.options.kindResolutionG) mask |= 1 << i;
  });
  return mask;
}

export const kindsOfMask = (config: SensingConfig, mask: number): string[] => config.kindLetters.filter((_, i) => mask & (1 << i));
