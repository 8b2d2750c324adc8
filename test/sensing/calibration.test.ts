// Calibration file format and the measurements of a guided calibration.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Frame } from '../../src/protocol/frame.ts';
import {
  CALIBRATION_FORMAT,
  formatCalibration,
  frameToGrams,
  parseCalibration,
  parseCalibrationText,
  type Calibration,
} from '../../src/sensing/calibration.ts';
import { nominalCalibration } from '../support/nominal-calibration.ts';
import { calibrationFromMeasurements, measureScale, measureZero, pivotRiseG } from '../../src/sensing/calibration-measure.ts';
import { PIVOT_NOMINAL, REFERENCE, REFERENCE_HW, SynthBoard, WELL_NOMINAL } from './synth.ts';

const good = (): Record<string, unknown> => ({
  format: CALIBRATION_FORMAT,
  version: 1,
  boardId: '0000002A',
  cells: [{ offset: -1234.5, countsPerGram: 2147.5 }],
});

describe('calibration file', () => {
  it('round-trips through format and parse', () => {
    const cell = fc.record({
      // JSON has no −0.
      offset: fc.double({ min: -8_388_608, max: 8_388_607, noNaN: true }).map((x) => x + 0),
      countsPerGram: fc.double({ min: 1e-3, max: 1e5, noNaN: true }),
    });
    fc.assert(
      fc.property(
        fc.nat({ max: 0xffffffff }),
        fc.option(fc.string(), { nil: undefined }),
        fc.array(cell, { minLength: 1, maxLength: 48 }),
        (boardId, createdAt, cells) => {
          const c: Calibration = { boardId, ...(createdAt !== undefined ? { createdAt } : {}), cells };
          const back = parseCalibrationText(formatCalibration(c));
          expect(back).toEqual({ ok: true, value: c });
        },
      ),
    );
  });

  it('accepts parsed JSON or text, and checks the cell count when asked', () => {
    expect(parseCalibration(good()).ok).toBe(true);
    expect(parseCalibration(JSON.stringify(good())).ok).toBe(true);
    const r = parseCalibration(good(), { cellCount: 44 });
    expect(r.ok ? [] : r.error.map((p) => p.code)).toEqual(['WrongCellCount']);
  });

  it.each([
    ['NotJson', '{', ''],
    ['NotObject', [], ''],
    ['WrongFormat', { ...good(), format: 'x' }, 'format'],
    ['UnsupportedVersion', { ...good(), version: 2 }, 'version'],
    ['Missing', { ...good(), boardId: undefined }, 'boardId'],
    ['BadBoardId', { ...good(), boardId: '2a' }, 'boardId'],
    ['BadBoardId', { ...good(), boardId: 42 }, 'boardId'],
    ['NotString', { ...good(), createdAt: 5 }, 'createdAt'],
    ['Missing', { ...good(), cells: undefined }, 'cells'],
    ['NotArray', { ...good(), cells: {} }, 'cells'],
    ['NoCells', { ...good(), cells: [] }, 'cells'],
    ['NotObject', { ...good(), cells: [3] }, 'cells[0]'],
    ['Missing', { ...good(), cells: [{ countsPerGram: 1 }] }, 'cells[0].offset'],
    ['BadOffset', { ...good(), cells: [{ offset: 9e6, countsPerGram: 1 }] }, 'cells[0].offset'],
    ['Missing', { ...good(), cells: [{ offset: 0 }] }, 'cells[0].countsPerGram'],
    ['BadScale', { ...good(), cells: [{ offset: 0, countsPerGram: 0 }] }, 'cells[0].countsPerGram'],
    ['BadScale', { ...good(), cells: [{ offset: 0, countsPerGram: '1' }] }, 'cells[0].countsPerGram'],
  ])('rejects with %s at %j', (code, json, path) => {
    const r = typeof json === 'string' ? parseCalibrationText(json) : parseCalibration(json);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContainEqual(expect.objectContaining({ code, path }));
  });

  it('reports every problem at once', () => {
    const r = parseCalibration({ format: 'x', version: 0, boardId: 'no', cells: [{ offset: 'a', countsPerGram: -1 }] });
    expect(r.ok ? [] : r.error.map((p) => p.code)).toEqual(['WrongFormat', 'UnsupportedVersion', 'BadBoardId', 'BadOffset', 'BadScale']);
  });

  it('nominal calibration: offset 0, the datasheet slope, pivots their own', () => {
    const c = nominalCalibration(REFERENCE_HW, 7, PIVOT_NOMINAL);
    expect(c.cells).toHaveLength(44);
    expect(c.cells[0]).toEqual({ offset: 0, countsPerGram: WELL_NOMINAL });
    expect(c.cells[43]).toEqual({ offset: 0, countsPerGram: PIVOT_NOMINAL });
  });

  it('frameToGrams converts, and gives NaN for stale cells', () => {
    const b = new SynthBoard(1);
    b.put(3);
    const f = b.next();
    const g = frameToGrams({ ...f, stale: [5] }, b.calibration);
    expect(g[3]).toBeCloseTo(60, 0);
    expect(Math.abs(g[4] ?? NaN)).toBeLessThan(0.5);
    expect(g[5]).toBeNaN();
    expect(g[42]! + g[43]!).toBeCloseTo(780, 0);
  });
});

const frames = (b: SynthBoard, n: number): Frame[] => Array.from({ length: n }, () => b.next());
const zeroOptions = {
  nominalCountsPerGram: WELL_NOMINAL,
  pivotNominalCountsPerGram: PIVOT_NOMINAL,
  sphereMassG: 60,
  wellCount: 42,
  pivotPreloadG: [360, 360],
};

describe('measureZero', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('finds every cell zero of a still, empty board (seed %i)', (seed) => {
    const b = new SynthBoard(seed);
    const r = measureZero(frames(b, 80), zeroOptions);
    if (!r.ok) expect.fail(JSON.stringify(r.error));
    for (let c = 0; c < 42; c++) expect(Math.abs((r.value.levels[c] ?? 0) - (b.offsets[c] ?? 0)) / WELL_NOMINAL).toBeLessThan(0.05);
  });

  it('leaves stale readings out of the averages', () => {
    const b = new SynthBoard(2);
    const fs = frames(b, 80).map((f, k) =>
      k % 3 === 0 ? { ...f, stale: [7], cells: Int32Array.from(f.cells, (v, i) => (i === 7 ? 0 : v)) } : f,
    );
    const r = measureZero(fs, zeroOptions);
    expect(r.ok && Math.abs((r.value.levels[7] ?? 0) - (b.offsets[7] ?? 0)) / WELL_NOMINAL).toBeLessThan(0.05);
  });

  it('rejects a noisy cell, naming the limit in grams', () => {
    const b = new SynthBoard(3, { noiseCounts: 4000 });
    const r = measureZero(frames(b, 80), zeroOptions);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error[0]).toMatchObject({ code: 'Noisy', cell: 0 });
      expect(r.error[0]!.message).toMatch(/limit 1 g/);
    }
  });

  it('rejects a sphere set down during the window, on any seed', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const b = new SynthBoard(seed);
      const fs = frames(b, 40);
      b.place(10);
      const r = measureZero([...fs, ...frames(b, 40)], zeroOptions);
      expect(r.ok ? [] : r.error.map((e) => [e.code, e.cell])).toContainEqual(['LevelMoved', 10]);
    }
  });

  it('rejects a sphere standing still on a well, against the previous calibration', () => {
    const b = new SynthBoard(4);
    b.put(20);
    const r = measureZero(frames(b, 80), { ...zeroOptions, previous: b.calibration });
    // The pivots feel it too.
    expect(r.ok ? [] : r.error.map((e) => [e.code, e.cell])).toEqual([
      ['SpherePresent', 20],
      ['SpherePresent', 42],
    ]);
  });

  it('rejects a zero below the stored one (the old zero was taken under load)', () => {
    const b = new SynthBoard(5);
    const previous = {
      ...b.calibration,
      cells: b.calibration.cells.map((c, i) => (i === 9 ? { ...c, offset: c.offset + 60 * c.countsPerGram } : c)),
    };
    const r = measureZero(frames(b, 80), { ...zeroOptions, previous });
    expect(r.ok ? [] : r.error.map((e) => e.code)).toEqual(['ZeroShifted']);
  });

  it('rejects too few frames, a silent cell and a saturated cell', () => {
    const b = new SynthBoard(6);
    expect(measureZero(frames(b, 10), zeroOptions)).toMatchObject({ ok: false, error: [{ code: 'TooFewFrames' }] });
    b.fault(11, 'silent', 10_000);
    b.fault(12, 'saturated', 10_000);
    const r = measureZero(frames(b, 80), zeroOptions);
    expect(r.ok ? [] : r.error.map((e) => [e.code, e.cell])).toEqual([
      ['NoReadings', 11],
      ['Saturated', 12],
    ]);
  });
});

describe('measureScale and assembling a calibration', () => {
  it.each([1, 2, 3, 4, 5])('finds the scale of a well and of both pivots from a 100 g reference (seed %i)', (seed) => {
    const b = new SynthBoard(seed);
    const zero = measureZero(frames(b, 80), zeroOptions);
    if (!zero.ok) return expect.fail('zero refused');
    b.put(17, 'w'); // d3, 60 g: near the centre line, the board stays level
    b.masses.set(17, 100);
    (b.wells[17] as ((t: number) => number)[]).splice(0, 1, () => 100);
    const loaded = frames(b, 80);
    const well = measureScale(loaded, { cell: 17, baseline: zero.value.levels[17]!, riseG: 100, nominalCountsPerGram: WELL_NOMINAL });
    expect(well.ok && well.value.countsPerGram / b.scales[17]!).toBeCloseTo(1, 3);
    const rise = pivotRiseG(REFERENCE.halfGap, REFERENCE_HW.grid, 17, 100)!;
    expect(rise.white + rise.black).toBeCloseTo(100, 9);
    const white = measureScale(loaded, {
      cell: 42,
      baseline: zero.value.levels[42]!,
      riseG: rise.white,
      nominalCountsPerGram: PIVOT_NOMINAL,
    });
    const black = measureScale(loaded, {
      cell: 43,
      baseline: zero.value.levels[43]!,
      riseG: rise.black,
      nominalCountsPerGram: PIVOT_NOMINAL,
    });
    expect(white.ok && white.value.countsPerGram / b.scales[42]!).toBeCloseTo(1, 2);
    expect(black.ok && black.value.countsPerGram / b.scales[43]!).toBeCloseTo(1, 2);
    const scales = b.scales.map((s, i) => (i === 17 && well.ok ? well.value.countsPerGram : s));
    const cal = calibrationFromMeasurements({
      boardId: 1,
      zero: zero.value,
      countsPerGram: scales,
      wellCount: 42,
      pivotPreloadG: [360, 360],
    });
    expect(Math.abs(cal.cells[42]!.offset - b.offsets[42]!) / PIVOT_NOMINAL).toBeLessThan(0.5);
    expect(Math.abs(cal.cells[17]!.offset - b.offsets[17]!) / WELL_NOMINAL).toBeLessThan(0.05);
  });

  it('rejects a rise outside ±40 % of nominal, a moving load, too small a rise, noise', () => {
    const b = new SynthBoard(8);
    const base = b.offsets[3]!;
    b.put(3);
    const still = frames(b, 80);
    const opts = { cell: 3, baseline: base, nominalCountsPerGram: WELL_NOMINAL };
    expect(measureScale(still, { ...opts, riseG: 200 })).toMatchObject({ ok: false, error: [{ code: 'ScaleOutOfRange', cell: 3 }] });
    expect(measureScale(still, { ...opts, riseG: 30 })).toMatchObject({ ok: false, error: [{ code: 'ScaleOutOfRange' }] });
    expect(measureScale(still, { ...opts, riseG: 5 })).toMatchObject({ ok: false, error: [{ code: 'RiseTooSmall' }] });
    expect(measureScale(still, { ...opts, riseG: 60 }).ok).toBe(true);
    const before = frames(b, 40);
    b.lift(3);
    expect(measureScale([...before, ...frames(b, 40)], { ...opts, riseG: 60 })).toMatchObject({
      ok: false,
      error: [{ code: 'LevelMoved' }],
    });
    const noisy = new SynthBoard(9, { noiseCounts: 5000 });
    noisy.put(3);
    expect(measureScale(frames(noisy, 80), { ...opts, baseline: noisy.offsets[3]!, riseG: 60 })).toMatchObject({
      ok: false,
      error: [{ code: 'Noisy' }],
    });
  });
});
