// The sim's boards of issue 22: one cell whose zero creeps on its own (driftingCell) and
// rare single-sample glitches on any cell (glitchRate: one bit of a reading's 24-bit word
// flipped), both off by default and on random streams of their own.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SENSORS, SensorBank, type SensorParameters } from '../../../src/hardware/sim/index.ts';
import { Rng } from '../../../src/util/rng.ts';

const CELLS = 44;
const bank = (extra: Partial<SensorParameters> = {}, seed = 5) =>
  new SensorBank(CELLS, { ...DEFAULT_SENSORS, wellCount: 42, ...extra }, new Rng(seed));
const zeros = new Float64Array(CELLS);

/** Every sample at 80 frames/s for `ms`. */
function run(b: SensorBank, ms: number): Int32Array[] {
  const out: Int32Array[] = [];
  for (let t = 0; t <= ms; t += 12.5) out.push(b.sample(zeros, t).counts);
  return out;
}

describe('sim: a drifting cell and glitches', () => {
  it('one well cell, drawn from the seed, creeps 18 g in 3 minutes and stays; the others read as without it', () => {
    const b = bank({ driftingCell: { gPerMin: 6, forMs: 3 * 60_000 } });
    const plain = bank();
    const a = run(b, 4 * 60_000).at(-1)!;
    const p = run(plain, 4 * 60_000).at(-1)!;
    const cell = b.driftingCell!;
    expect(cell).toBeGreaterThanOrEqual(0);
    expect(cell).toBeLessThan(42);
    expect(b.zeroShiftG(cell)).toBeCloseTo(18, 9);
    expect(b.gramsOf(cell, a[cell]!) - plain.gramsOf(cell, p[cell]!)).toBeCloseTo(18, 1);
    for (let c = 0; c < CELLS; c++) if (c !== cell) expect(a[c]).toBe(p[c]);
    expect(new Set([1, 2, 3, 4, 5, 6].map((seed) => bank({ driftingCell: { gPerMin: 1 } }, seed).driftingCell)).size).toBeGreaterThan(1);
    expect(bank({ driftingCell: { gPerMin: 1, cell: 43 } }).driftingCell).toBe(43);
  });

  it('glitches: about the rate, one sample each, one bit off, and every other reading as without them', () => {
    const b = bank({ glitchRate: 0.002 });
    const plain = bank();
    const a = run(b, 60_000);
    const p = run(plain, 60_000);
    let glitched = 0;
    let twice = 0;
    const sizesG = new Set<number>();
    for (let i = 0; i < a.length; i++)
      for (let c = 0; c < CELLS; c++) {
        const diff = a[i]![c]! - p[i]![c]!;
        if (diff === 0) continue;
        glitched++;
        // One bit of the 24-bit word flipped: a power of two, 2^10 to 2^22 counts either way.
        const size = Math.log2(Math.abs(diff));
        expect(Number.isInteger(size) && size >= 10 && size <= 22).toBe(true);
        sizesG.add(Math.round(size));
        // A single sample: the next reads true (but for the odd two in a row, p² of the time).
        if (i + 1 < a.length && a[i + 1]![c] !== p[i + 1]![c]) twice++;
      }
    expect(twice).toBeLessThanOrEqual(3);
    expect(glitched).toBe(b.glitches);
    const expected = 0.002 * a.length * CELLS;
    expect(glitched).toBeGreaterThan(0.7 * expected);
    expect(glitched).toBeLessThan(1.3 * expected);
    expect(sizesG.size).toBeGreaterThan(8);
  });

  it('off by default', () => {
    const b = bank();
    run(b, 10_000);
    expect(b.glitches).toBe(0);
    expect(b.driftingCell).toBeUndefined();
  });
});
