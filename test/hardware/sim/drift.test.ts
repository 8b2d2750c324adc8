// The sim's harsher drift (issue 10): a per-cell random walk of the zero and a common
// temperature ramp, both in grams, off by default and on their own random stream.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SENSORS, SensorBank, type SensorParameters } from '../../../src/hardware/sim/index.ts';
import { Rng } from '../../../src/util/rng.ts';

const CELLS = 44;
const bank = (extra: Partial<SensorParameters> = {}) => new SensorBank(CELLS, { ...DEFAULT_SENSORS, wellCount: 42, ...extra }, new Rng(5));
const zeros = new Float64Array(CELLS);

/** Samples at 80 frames/s for `ms`; the last sample. */
function run(b: SensorBank, ms: number, fromMs = 0) {
  let last = b.sample(zeros, fromMs);
  for (let t = fromMs + 12.5; t <= fromMs + ms; t += 12.5) last = b.sample(zeros, t);
  return last;
}

describe('sim drift model', () => {
  it('is off by default: the readings are those of a board without the options', () => {
    const plain = run(bank(), 2000);
    const explicit = run(bank({ walkGPerMin: 0, rampGPerMin: 0 }), 2000);
    expect([...explicit.counts]).toEqual([...plain.counts]);
    expect(bank().zeroShiftG(3)).toBe(0);
  });

  it('a ramp of 1 g/min moves every cell 10 g in 10 minutes, the same way, then stops where rampForMs says', () => {
    const b = bank({ rampGPerMin: 1, rampForMs: 10 * 60_000 });
    const plain = bank();
    const a = run(b, 12 * 60_000);
    const p = run(plain, 12 * 60_000);
    expect(b.zeroShiftG(0)).toBeCloseTo(10, 9);
    for (let cell = 0; cell < CELLS; cell++)
      expect(b.gramsOf(cell, a.counts[cell]!) - plain.gramsOf(cell, p.counts[cell]!)).toBeCloseTo(10, 1);
  });

  it('a random walk of up to 8 g/min: each cell its own way, never faster than 8 g/min, and the noise as it was', () => {
    const b = bank({ walkGPerMin: 8 });
    const plain = bank();
    const a = run(b, 60_000);
    const p = run(plain, 60_000);
    const shifts = Array.from({ length: CELLS }, (_, cell) => b.gramsOf(cell, a.counts[cell]!) - plain.gramsOf(cell, p.counts[cell]!));
    for (let cell = 0; cell < CELLS; cell++) expect(shifts[cell]).toBeCloseTo(b.zeroShiftG(cell), 1);
    const sd = Math.sqrt(shifts.reduce((s, x) => s + x * x, 0) / CELLS);
    expect(sd).toBeGreaterThan(1.5);
    for (const x of shifts) expect(Math.abs(x)).toBeLessThanOrEqual(8);
    expect(new Set(shifts.map((x) => Math.sign(x))).size).toBe(2);
    // A second minute: no cell moves faster than the limit.
    const before = shifts.map((_, cell) => b.zeroShiftG(cell));
    run(b, 60_000, 60_000);
    for (let cell = 0; cell < CELLS; cell++) expect(Math.abs(b.zeroShiftG(cell) - before[cell]!)).toBeLessThanOrEqual(8 + 1e-9);
  });
});
