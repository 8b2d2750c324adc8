import { describe, expect, it } from 'vitest';
import { parseHardwareProfile } from '../../src/board/parse-profile.ts';
import { cellCountOf, pivotCellsOf } from '../../src/board/profile.ts';

const SENRYAKU = { files: 7, ranks: 6 };
const names = (files: number, ranks: number): string[] =>
  Array.from({ length: files * ranks }, (_, i) => `${'abcdefg'[i % files]}${Math.floor(i / files) + 1}`);

describe('hardware profile', () => {
  it('reads a 6×6 board without pivots or tilt switches', () => {
    const r = parseHardwareProfile(
      {
        name: 'surakarta-36',
        grid: { files: 6, ranks: 6 },
        geometry: { unit: 'mm', wellPitch: 35 },
        cells: { wells: names(6, 6).reverse() },
        tilt: { switches: [] },
        wellLeds: { count: 36 },
      },
      { grid: SENRYAKU, tilt: { white: true, black: true } },
    );
    if (!r.ok) return expect.fail(JSON.stringify(r.error));
    expect(r.value.grid).toEqual({ files: 6, ranks: 6 });
    expect(r.value.cells.points[0]).toBe(35);
    expect(cellCountOf(r.value)).toBe(36);
    expect(pivotCellsOf(r.value)).toEqual([]);
    expect(r.value.tilt).toEqual({ white: false, black: false });
    expect(r.value.ledCount).toBe(36);
    expect(r.value.pitch).toBe(35);
  });

  it('takes the default grid and tilt, and one cell per point in order, when the file says nothing', () => {
    const r = parseHardwareProfile(
      { name: 'bare', geometry: { wellPitch: 1, unit: 'pitch' } },
      { grid: SENRYAKU, tilt: { white: true, black: true } },
    );
    if (!r.ok) return expect.fail(JSON.stringify(r.error));
    expect(r.value.cells.points).toEqual(Array.from({ length: 42 }, (_, i) => i));
    expect(r.value.cells.pivots).toEqual([]);
    expect(r.value.tilt).toEqual({ white: true, black: true });
    expect(r.value.loadCells).toBeUndefined();
  });

  it('reports every problem with a code and a path', () => {
    const r = parseHardwareProfile(
      {
        name: 3,
        grid: { files: 6, ranks: 6 },
        geometry: { wellPitch: 0 },
        cells: { wells: [...names(6, 6).slice(0, 34), 'a1', 'g1'], pivots: [7] },
        loadCells: { capacityG: 0 },
        tilt: { switches: ['toward-white', 'sideways'] },
        wellLeds: { count: 300 },
      },
      { grid: SENRYAKU },
    );
    if (r.ok) return expect.fail('accepted');
    const codes = r.error.map((p) => `${p.code}@${p.path}`);
    expect(codes).toEqual([
      'NotString@name',
      'NotPositiveNumber@geometry.wellPitch',
      'DuplicateWell@cells.wells[34]',
      'BadWellName@cells.wells[35]',
      'NotString@cells.pivots[0]',
      'Missing@loadCells.nominalCountsPerGram',
      'NotPositiveNumber@loadCells.capacityG',
      'BadTiltSwitch@tilt.switches[1]',
      'BadLedCount@wellLeds.count',
    ]);
  });

  it('refuses a grid that is not whole and positive, and a map of the wrong size', () => {
    const bad = parseHardwareProfile({ name: 'x', grid: { files: 0, ranks: 2.5 }, geometry: { wellPitch: 1 } }, { grid: SENRYAKU });
    expect(bad.ok ? [] : bad.error.map((p) => p.code)).toEqual(['BadGrid']);
    const short = parseHardwareProfile({ name: 'x', geometry: { wellPitch: 1 }, cells: { wells: ['a1'] } }, { grid: SENRYAKU });
    expect(short.ok ? [] : short.error.map((p) => p.code)).toEqual(['WrongWellCount']);
    expect(parseHardwareProfile([], { grid: SENRYAKU }).ok).toBe(false);
  });
});
