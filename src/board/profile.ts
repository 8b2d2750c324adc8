/**
 * The hardware profile of a referee board: what is under the playing surface, whatever game
 * is played on it. The grid of points, which load cell sits under which point and which
 * cells are pivots (a board resting on load cells, or none), the tilt switches fitted, the
 * load cells' datasheet figures, the LEDs and the pitch. No masses of pieces, no rules: a
 * game says those (the Senryaku rules keep sphere and board masses and the pinnacle gap).
 */
import type { Tilt } from '../protocol/fields.ts';
import { pointCount, type Grid } from './grid.ts';

/** A load cell model's datasheet figures: a starting point for calibration and the simulator. */
export interface LoadCellFigures {
  readonly nominalCountsPerGram: number;
  readonly capacityG: number;
}

export interface HardwareProfile {
  readonly name: string;
  readonly description: string;
  readonly grid: Grid;
  /**
   * Load cells in cell-index order: first one under each point (`points[i]` is the point
   * under cell i), then the pivot cells by name (possibly none: a board without pivots).
   */
  readonly cells: { readonly points: readonly number[]; readonly pivots: readonly string[] };
  /** Which tilt switches are fitted (none on a board that cannot tip). */
  readonly tilt: Tilt;
  /** The point cells' figures, and the pivot cells' when they are another model; absent when unknown. */
  readonly loadCells?: LoadCellFigures & { readonly pivots?: LoadCellFigures };
  /** LEDs under the points, when known. */
  readonly ledCount?: number;
  /** Distance between neighbouring points, in `lengthUnit`. */
  readonly pitch: number;
  readonly lengthUnit: string;
}

export const NO_TILT: Tilt = Object.freeze({ white: false, black: false });

/** Every load cell: point cells, then pivot cells. */
export const cellCountOf = (hw: HardwareProfile): number => hw.cells.points.length + hw.cells.pivots.length;
/** The pivot cells' indices (after the point cells). */
export const pivotCellsOf = (hw: HardwareProfile): number[] => hw.cells.pivots.map((_, i) => hw.cells.points.length + i);

/** Cell i under point i, every point of the grid, then the named pivots: a board built in index order. */
export const inOrderCells = (grid: Grid, pivots: readonly string[] = []): HardwareProfile['cells'] => ({
  points: Array.from({ length: pointCount(grid) }, (_, i) => i),
  pivots: [...pivots],
});
