/**
 * Which load cell feels which force: the hardware profile's cell map (cell i → well, then
 * the pivot cells) turned into per-cell grams. Without a profile the simulator is the
 * reference board: cell i = well i, then a white and a black pivot.
 */
import type { Grid } from '../../board/grid.ts';
import { inOrderCells, type HardwareProfile } from '../../board/profile.ts';
import type { BySide, TiltSide } from '../../protocol/fields.ts';

export interface CellMap {
  /** Well under each well cell, in cell order. */
  readonly wells: readonly number[];
  /** The side of the board each pivot cell is under, in cell order after the wells. */
  readonly pivots: readonly TiltSide[];
}

export const DEFAULT_PIVOT_NAMES = ['pivot-white', 'pivot-black'] as const;

/** The board the simulator models: the reference board's 7×6 wells in cell order, two pivots, both tilt switches. */
const REFERENCE_GRID: Grid = { files: 7, ranks: 6 };
export const REFERENCE_HARDWARE: HardwareProfile = Object.freeze({
  name: 'reference',
  description: 'the reference board: 42 wells in cell order, two pivot cells, both tilt switches, 42 LEDs',
  grid: REFERENCE_GRID,
  cells: inOrderCells(REFERENCE_GRID, DEFAULT_PIVOT_NAMES),
  tilt: { white: true, black: true },
  ledCount: 42,
  pitch: 40,
  lengthUnit: 'mm',
});

const sideOfPivot = (name: string, index: number): TiltSide =>
  /black/i.test(name) ? 'black' : /white/i.test(name) ? 'white' : index % 2 === 0 ? 'white' : 'black';

export const cellMapOf = (hw: HardwareProfile): CellMap => ({
  wells: hw.cells.points,
  pivots: hw.cells.pivots.map(sideOfPivot),
});

/** Grams on every cell, cell-index order; a side's force is shared by its pivot cells. */
export const cellGrams = (map: CellMap, wellGrams: ArrayLike<number>, pivotGrams: BySide<number>): Float64Array => {
  const out = new Float64Array(map.wells.length + map.pivots.length);
  map.wells.forEach((well, cell) => (out[cell] = wellGrams[well] ?? 0));
  const perSide = { white: map.pivots.filter((s) => s === 'white').length, black: map.pivots.filter((s) => s === 'black').length };
  map.pivots.forEach((side, i) => (out[map.wells.length + i] = pivotGrams[side] / Math.max(1, perSide[side])));
  return out;
};
