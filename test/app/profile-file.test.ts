// A profile file is read into both parts: the board's hardware and Senryaku's physics, with
// the flat profile (physics + cell map + load cells) that journal headers keep.
import { describe, expect, it } from 'vitest';
import { parseProfileFile, parseProfileFileText } from '../../src/games/senryaku/profile-file.ts';
import { hardwareOf } from '../../src/games/senryaku/board.ts';

const allWells = Array.from({ length: 42 }, (_, i) => `${'abcdefg'[i % 7]}${Math.floor(i / 7) + 1}`);

const valid = {
  format: 'senryaku-board-profile',
  version: 1,
  name: 'test',
  geometry: { unit: 'mm', wellPitch: 40, pinnacleGap: 20 },
  masses: { unit: 'g', board: 720, spheres: { w: 60, W: 60, b: 60, B: 75 } },
  cells: { wells: allWells, pivots: ['pivot-white', 'pivot-black'] },
  loadCells: { nominalCountsPerGram: 429.5, capacityG: 5000, extra: 'ignored' },
};

describe('board profile file', () => {
  it('gives the physics, the flat profile journals keep, and the hardware', () => {
    const r = parseProfileFile(valid);
    if (!r.ok) return expect.fail(JSON.stringify(r.error));
    const { profile, hardware } = r.value;
    expect(profile.halfGap).toBe(0.25);
    expect(profile.sphereMass.B).toBe(75);
    expect(profile.cells?.wells).toHaveLength(42);
    expect(profile.cells?.pivots).toEqual(['pivot-white', 'pivot-black']);
    expect(profile.loadCells).toEqual({ nominalCountsPerGram: 429.5, capacityG: 5000 });
    // The flat profile keeps the keys in the order journal headers always had.
    expect(Object.keys(profile)).toEqual([
      'name',
      'description',
      'boardMass',
      'sphereMass',
      'halfGap',
      'wellPitch',
      'lengthUnit',
      'massUnit',
      'cells',
      'loadCells',
    ]);
    expect(hardware.grid).toEqual({ files: 7, ranks: 6 });
    expect(hardware.tilt).toEqual({ white: true, black: true });
    expect(hardware.cells.points).toEqual(profile.cells?.wells);
    // What a journal's flat profile gives back is the same hardware, less what it never kept.
    expect(hardwareOf(profile)).toMatchObject({ grid: hardware.grid, cells: hardware.cells, loadCells: hardware.loadCells });
  });

  it('an abstract profile (no cell map) keeps none in its flat form', () => {
    const { cells: _cells, loadCells: _lc, ...abstract } = valid;
    const r = parseProfileFile(abstract);
    if (!r.ok) return expect.fail(JSON.stringify(r.error));
    expect(r.value.profile.cells).toBeUndefined();
    expect(r.value.hardware.cells.points).toHaveLength(42);
    expect(r.value.hardware.cells.pivots).toEqual([]);
  });

  it('reports the problems of both parts together, each once', () => {
    const r = parseProfileFile({
      ...valid,
      version: 2,
      geometry: { pinnacleGap: 20 },
      masses: { board: -1, spheres: { w: 1, W: 1, b: 1 } },
      cells: { wells: [...allWells.slice(0, 40), 'a1', 'z9'] },
      loadCells: { capacityG: 0 },
      tilt: { switches: ['upward'] },
    });
    if (r.ok) return expect.fail('accepted');
    const codes = r.error.map((p) => `${p.code}@${p.path}`);
    expect(codes).toContain('UnsupportedVersion@version');
    expect(codes).toContain('NotPositiveNumber@masses.board');
    expect(codes).toContain('Missing@masses.spheres.B');
    expect(codes).toContain('DuplicateWell@cells.wells[40]');
    expect(codes).toContain('BadWellName@cells.wells[41]');
    expect(codes).toContain('Missing@loadCells.nominalCountsPerGram');
    expect(codes).toContain('NotPositiveNumber@loadCells.capacityG');
    expect(codes).toContain('BadTiltSwitch@tilt.switches[0]');
    expect(codes.filter((c) => c === 'Missing@geometry.wellPitch')).toHaveLength(1);
  });

  it('a board of another size says so in its grid', () => {
    const six = Array.from({ length: 36 }, (_, i) => `${'abcdef'[i % 6]}${Math.floor(i / 6) + 1}`);
    const r = parseProfileFile({ ...valid, grid: { files: 6, ranks: 6 }, cells: { wells: six }, tilt: { switches: [] } });
    if (!r.ok) return expect.fail(JSON.stringify(r.error));
    expect(r.value.hardware.cells.points).toHaveLength(36);
    expect(r.value.hardware.cells.pivots).toEqual([]);
    expect(r.value.hardware.tilt).toEqual({ white: false, black: false });
  });

  it('rejects text that is not JSON', () => {
    const r = parseProfileFileText('{ nope');
    expect(r.ok ? undefined : r.error[0]?.code).toBe('NotJson');
  });
});
