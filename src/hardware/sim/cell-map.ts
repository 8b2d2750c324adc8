/**
 * Which load cell feels which force: the profile's cell map (cell i → well, then the
 * pivot cells) turned into per-cell grams. A profile without a map gets the reference
 * board's: cell i = well i, then a white and a black pivot.
 */
import type { BoardProfile } from '../../rules/senryaku/profile.ts';
import { WELLS, type ByColor, type Color, type Well } from '../../rules/senryaku/types.ts';

export interface CellMap {
  /** Well under each well cell, in cell order. */
  readonly wells: readonly Well[];
  /** The side of the board each pivot cell is under, in cell order after the wells. */
  readonly pivots: readonly Color[];
}

export const DEFAULT_PIVOT_NAMES = ['pivot-white', 'pivot-black'] as const;

const sideOfPivot = (name: string, index: number): Color =>
  /black/i.test(name) ? 'black' : /white/i.test(name) ? 'white' : index % 2 === 0 ? 'white' : 'black';

export const cellMapOf = (profile: BoardProfile): CellMap => ({
  wells: profile.cells?.wells.length === WELLS ? profile.cells.wells : Array.from({ length: WELLS }, (_, w) => w),
  pivots: (profile.cells?.pivots ?? DEFAULT_PIVOT_NAMES).map(sideOfPivot),
});

/** Grams on every cell, cell-index order; a side's force is shared by its pivot cells. */
export const cellGrams = (map: CellMap, wellGrams: ArrayLike<number>, pivotGrams: ByColor<number>): Float64Array => {
  const out = new Float64Array(map.wells.length + map.pivots.length);
  map.wells.forEach((well, cell) => (out[cell] = wellGrams[well] ?? 0));
  const perSide = { white: map.pivots.filter((s) => s === 'white').length, black: map.pivots.filter((s) => s === 'black').length };
  map.pivots.forEach((side, i) => (out[map.wells.length + i] = pivotGrams[side] / Math.max(1, perSide[side])));
  return out;
};

/** The cell under a well. */
export const cellOfWell = (map: CellMap, well: Well): number => map.wells.indexOf(well);
