// Automatic zero tracking (zero-tracker.ts): every cell's zero follows slow drift at no more
// than 30 g/min, only while the board is calm, and a zero gone beyond half a sphere is a
// `drifted` sensor fault.
import { describe, expect, it } from 'vitest';
import { largestZeros } from '../../src/sensing/zero-tracker.ts';
import { settledHarness } from './harness.ts';
import { SynthBoard } from './synth.ts';

const HOME = [16, 17, 25];
const EMPTY_WELL = 5;
const PIVOTS = [42, 43];
const RATE = 30; // g/min, the default zeroTrackGPerMin
const zeroOf = (h: ReturnType<typeof settledHarness>, cell: number): number => h.state.zeros.zeroG[cell] ?? NaN;

describe('zero tracking', () => {
  it('follows 8 g/min of drift on every cell, empty wells, wells holding a sphere and pivots alike: no events', () => {
    const b = new SynthBoard(3);
    const h = settledHarness(b, HOME);
    for (let c = 0; c < 44; c++) b.shiftRateGPerMin[c] = c % 2 === 0 ? 8 : -8;
    h.run(3 * 60_000);
    expect(h.types()).toEqual([]);
    for (let c = 0; c < 42; c++) expect(Math.abs(zeroOf(h, c) - (b.shiftG[c] ?? 0))).toBeLessThan(0.5);
    // The pivots are seen as a sum: the sum is followed (here the two shifts cancel).
    expect(Math.abs(PIVOTS.reduce((s, c) => s + zeroOf(h, c) - (b.shiftG[c] ?? 0), 0))).toBeLessThan(1);
    // A sphere lifted from a drifted well and set down on another is weighed right.
    b.lift(16);
    b.place(EMPTY_WELL, 'w', b.t + 400);
    h.run(1500);
    expect(h.types()).toEqual(['sphere-lifted', 'sphere-placed']);
    expect(Math.abs(h.of('sphere-placed')[0]!.grams - b.massOf('w'))).toBeLessThan(1);
  });

  it('follows the pivots’ drift from the excess while calm', () => {
    const b = new SynthBoard(4);
    const h = settledHarness(b, HOME);
    b.shiftRateGPerMin[42] = 10;
    b.shiftRateGPerMin[43] = 10;
    h.run(3 * 60_000);
    expect(h.types()).toEqual([]);
    expect(zeroOf(h, 42) + zeroOf(h, 43)).toBeCloseTo(60, 0);
  });

  it('never faster than 30 g/min: a 10 g step of an empty well’s zero takes 20 s to follow', () => {
    const b = new SynthBoard(5);
    const h = settledHarness(b, HOME);
    h.run(5_000);
    const before = zeroOf(h, EMPTY_WELL);
    b.shiftG[EMPTY_WELL] = -10;
    h.run(10_000);
    const moved = before - zeroOf(h, EMPTY_WELL);
    expect(moved).toBeGreaterThan(3);
    expect(moved).toBeLessThanOrEqual((RATE * 10) / 60 + 0.1);
    h.run(15_000);
    expect(zeroOf(h, EMPTY_WELL)).toBeCloseTo(-10, 0);
    expect(h.types()).toEqual([]);
  });

  it('does not track in motion: a well being pressed stops it on every cell', () => {
    const b = new SynthBoard(6);
    const h = settledHarness(b, HOME);
    b.shiftG[EMPTY_WELL] = -8;
    b.press(25, 100, 20_000);
    h.run(19_000);
    expect(h.types()).toEqual(['well-pressed']);
    expect(Math.abs(zeroOf(h, EMPTY_WELL))).toBeLessThan(0.1);
    h.run(20_000);
    expect(zeroOf(h, EMPTY_WELL)).toBeCloseTo(-8, 0);
  });

  it('does not track with a hand on the board: neither the pivots nor the wells follow while it interferes', () => {
    const b = new SynthBoard(7);
    const h = settledHarness(b, HOME);
    b.shiftG[EMPTY_WELL] = -8;
    b.hand(80, 20_000);
    h.run(19_000);
    expect(h.types()).toEqual(['interference-started']);
    expect(Math.abs(zeroOf(h, EMPTY_WELL))).toBeLessThan(0.1);
    for (const c of PIVOTS) expect(Math.abs(zeroOf(h, c))).toBeLessThan(0.1);
    h.run(3_000);
    expect(h.types()).toEqual(['interference-started', 'interference-ended']);
  });

  it('does not absorb a hand held lightly for a long time beyond what the rate allows, and gives it back', () => {
    const b = new SynthBoard(8);
    const h = settledHarness(b, HOME);
    b.hand(12, 10_000);
    h.run(10_000);
    const absorbed = zeroOf(h, 42) + zeroOf(h, 43);
    expect(absorbed).toBeLessThanOrEqual((2 * RATE * 10) / 60 + 0.1);
    h.run(30_000);
    expect(Math.abs(zeroOf(h, 42) + zeroOf(h, 43))).toBeLessThan(0.5);
    expect(h.types()).toEqual([]);
  });

  it('a sphere standing on a drifting well keeps its weight; lifted, the well reads empty at once', () => {
    const b = new SynthBoard(9);
    const h = settledHarness(b, HOME);
    b.shiftRateGPerMin[16] = 10;
    h.run(2 * 60_000);
    expect(h.types()).toEqual([]);
    expect(zeroOf(h, 16)).toBeCloseTo(b.shiftG[16] ?? NaN, 0);
    b.lift(16);
    h.run(1000);
    expect(h.types()).toEqual(['sphere-lifted']);
    expect(Math.abs(h.state.wells.level[16] ?? NaN)).toBeLessThan(1);
    expect(h.of('interference-started')).toEqual([]);
  });

  it('a tracked zero beyond half a sphere is a drifted fault with its offset, cleared once back under 24 g', () => {
    const b = new SynthBoard(10);
    const h = settledHarness(b, HOME);
    b.shiftG[EMPTY_WELL] = -40;
    h.run(59_000);
    expect(h.of('sensor-fault')).toEqual([]);
    h.run(5_000);
    const [fault] = h.of('sensor-fault');
    expect(fault).toMatchObject({ fault: 'drifted', cell: EMPTY_WELL });
    expect(fault!.offsetG).toBeLessThan(-30);
    expect(fault!.offsetG).toBeGreaterThan(-31);
    expect(largestZeros(h.state.zeros, 1)[0]).toMatchObject({ cell: EMPTY_WELL });
    // The cell still works: once caught up, its readings come from the tracked zero.
    h.run(20_000);
    b.place(EMPTY_WELL);
    h.run(1000);
    expect(h.of('sphere-placed')[0]).toMatchObject({ well: EMPTY_WELL });
    expect(Math.abs(h.of('sphere-placed')[0]!.grams - b.massOf('w'))).toBeLessThan(1);
    b.lift(EMPTY_WELL);
    // The cell creeps back (a step of 40 g would be a sphere).
    b.shiftRateGPerMin[EMPTY_WELL] = 20;
    h.run(2 * 60_000);
    // (well 5 is near the edge: the sphere there leans the board, as it should)
    expect(h.types().filter((t) => !t.startsWith('leaning'))).toEqual([
      'sensor-fault',
      'sphere-placed',
      'sphere-lifted',
      'sensor-fault-cleared',
    ]);
    expect(h.of('sensor-fault-cleared')).toMatchObject([{ fault: 'drifted', cell: EMPTY_WELL }]);
  });
});
