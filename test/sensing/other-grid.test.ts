// Sensing knows no game: a 6×6 board of 36 load cells (mapped in no particular order), no
// pivots and no tilt switches, two kinds of piece by weight. Lifts and placements come out
// by point index, and nothing needs the pivots (no rolls, no interference, no leaning).
import { describe, expect, it } from 'vitest';
import { parsePointName, pointName, type Grid } from '../../src/board/grid.ts';
import { NO_TILT, type HardwareProfile } from '../../src/board/profile.ts';
import { nominalCalibration } from '../support/nominal-calibration.ts';
import { cloneSensingState, wellStates } from '../../src/sensing/pipeline.ts';
import { Harness, settledHarness } from './harness.ts';
import { SynthBoard } from './synth.ts';

const GRID: Grid = { files: 6, ranks: 6 };
// Cell i under point 35 − i: the wiring runs from f6 back to a1.
const SIX: HardwareProfile = {
  name: 'six-by-six',
  description: 'a synthetic 36-point board without pivots or tilt switches',
  grid: GRID,
  cells: { points: Array.from({ length: 36 }, (_, i) => 35 - i), pivots: [] },
  tilt: NO_TILT,
  pitch: 35,
  lengthUnit: 'mm',
};
const GAME = { pieceMassesG: { r: 30, k: 45 }, boardMassG: 0 };
const at = (name: string): number => parsePointName(GRID, name)!;
const board = (seed: number): SynthBoard => new SynthBoard(seed, { hardware: SIX, game: GAME });
const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];

describe('a 6×6 board without pivots or tilt switches', () => {
  it('has one cell per point and a nominal calibration of 36 cells', () => {
    const b = board(1);
    expect(b.cellCount).toBe(36);
    expect(nominalCalibration(SIX).cells).toHaveLength(36);
    const h = new Harness(b);
    expect(h.state.config.pivotCells).toEqual([]);
    expect(wellStates(h.state)).toHaveLength(36);
  });

  it('reports the pieces standing at start-up as placed, by point', () => {
    const b = board(2);
    b.put(at('a1'), 'r');
    b.put(at('f6'), 'k');
    const h = new Harness(b);
    h.run(1000);
    const placed = h.of('sphere-placed').map((e) => [pointName(GRID, e.well), e.kind]);
    expect(placed.sort()).toEqual([
      ['a1', 'r'],
      ['f6', 'k'],
    ]);
  });

  it.each(SEEDS)('a placement gives one sphere-placed with its kind (seed %i)', (seed) => {
    const b = board(seed);
    const h = settledHarness(b, [at('c3')]);
    b.place(at('e5'), 'k');
    h.run(1000);
    expect(h.types()).toEqual(['sphere-placed']);
    const e = h.of('sphere-placed')[0]!;
    expect(e.well).toBe(at('e5'));
    expect(e.kinds).toEqual(['k']);
    expect(e.grams).toBeGreaterThan(42);
    expect(e.grams).toBeLessThan(48);
    expect(wellStates(h.state)[at('e5')]).toBe('sphere');
  });

  it.each(SEEDS)('a lift gives one sphere-lifted at once: without pivots every departure is a lift (seed %i)', (seed) => {
    const b = board(seed);
    const h = settledHarness(b, [at('c3'), at('d4')]);
    b.lift(at('d4'));
    h.run(800);
    expect(h.types()).toEqual(['sphere-lifted']);
    expect(h.of('sphere-lifted')[0]).toMatchObject({ well: at('d4') });
    expect(wellStates(h.state)[at('d4')]).toBe('empty');
  });

  it('a piece moved to a neighbouring point is a lift and a placement, never a roll', () => {
    const b = board(9);
    const h = settledHarness(b, [at('b2')]);
    b.roll(at('b2'), at('c3'));
    h.run(1500);
    expect(h.types()).toEqual(['sphere-lifted', 'sphere-placed']);
    expect(h.of('sphere-placed')[0]).toMatchObject({ well: at('c3'), kind: 'r' });
  });

  it('a state clones, with or without a balance function (the reference board has one)', () => {
    for (const b of [board(1), new SynthBoard(1)]) {
      const h = settledHarness(b);
      const copy = cloneSensingState(h.state);
      expect(copy.balanceMargins).toBe(h.state.balanceMargins);
      expect(copy.wells.level).not.toBe(h.state.wells.level);
      expect(copy.wells.level).toEqual(h.state.wells.level);
    }
    expect(new SynthBoard(1).balanceMargins).toBeDefined();
  });
});
