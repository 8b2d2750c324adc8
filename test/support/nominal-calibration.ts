/** A calibration without calibrating: the load cells' datasheet figures, for tests and benches. */
import { cellCountOf, type HardwareProfile } from '../../src/board/profile.ts';
import { nominalCountsPerGram, type Calibration } from '../../src/sensing/calibration.ts';

/**
 * Offset 0 and the datasheet scale for every cell: what a test's board reads before any calibration.
 * Pivot cells may be a different model (the reference board's are 5 kg bars at 429.5
 * counts/g, its well cells 1 kg at 2147.5: the profile's `loadCells.pivots`), else they get
 * the well cells' slope; `pivotCountsPerGram` overrides both.
 */
export function nominalCalibration(hw: HardwareProfile, boardId = 0, pivotCountsPerGram?: number): Calibration {
  const countsPerGram = nominalCountsPerGram(hw);
  const wells = hw.cells.points.length;
  return {
    boardId,
    cells: Array.from({ length: cellCountOf(hw) }, (_, i) => ({
      offset: 0,
      countsPerGram: i >= wells ? (pivotCountsPerGram ?? hw.loadCells?.pivots?.nominalCountsPerGram ?? countsPerGram) : countsPerGram,
    })),
  };
}
