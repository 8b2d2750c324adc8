// The Surakarta sensor board's profile file (hardware/profiles/surakarta-mega-2560.json)
// is a hardware profile only: it must load with parseHardwareProfile as a 6 × 6 board of
// 36 point cells, no pivots and no tilt switches, and agree with the firmware built for it
// (hardware/firmware/src/boards/surakarta.h).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pointName } from '../../src/board/grid.ts';
import { parseHardwareProfile } from '../../src/board/parse-profile.ts';
import { cellCountOf } from '../../src/board/profile.ts';

const read = (path: string): string => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const text = read('hardware/profiles/surakarta-mega-2560.json');
const boardHeader = read('hardware/firmware/src/boards/surakarta.h');

// Senryaku's grid and tilt switches as the defaults: the file must say otherwise itself.
const parsed = parseHardwareProfile(JSON.parse(text), { grid: { files: 7, ranks: 6 }, tilt: { white: true, black: true } });

const define = (name: string): number => {
  const m = new RegExp(`^#define ${name} (\\d+)$`, 'm').exec(boardHeader);
  if (!m?.[1]) throw new Error(`${name} not in boards/surakarta.h`);
  return Number(m[1]);
};

describe('hardware/profiles/surakarta-mega-2560.json', () => {
  it('parses with parseHardwareProfile, without problems', () => {
    if (!parsed.ok) expect.fail(JSON.stringify(parsed.error));
    expect(parsed.value.name).toBe('surakarta-mega-2560');
  });

  it('is a 6 × 6 grid of 36 point cells in index order (cell i = file + 6 × rank), no pivots, no tilt switches', () => {
    if (!parsed.ok) return expect.fail('profile did not parse');
    const hw = parsed.value;
    expect(hw.grid).toEqual({ files: 6, ranks: 6 });
    expect(hw.cells.points.length).toBe(36);
    expect(hw.cells.pivots.length).toBe(0);
    expect(cellCountOf(hw)).toBe(36);
    hw.cells.points.forEach((p, i) => expect(p, `cell ${i} is ${pointName(hw.grid, p)}`).toBe(i));
    expect(hw.tilt).toEqual({ white: false, black: false });
    expect(hw.ledCount).toBe(0);
    expect(hw.pitch).toBe(40);
    expect(hw.lengthUnit).toBe('mm');
  });

  it('has the 1 kg cells’ figures, consistent with the HX711 maths, its pieces’ masses and no Senryaku physics', () => {
    if (!parsed.ok) return expect.fail('profile did not parse');
    expect(parsed.value.loadCells).toEqual({ nominalCountsPerGram: 2147.5, capacityG: 1000 });
    const raw = JSON.parse(text) as {
      loadCells: { gain: number; capacityG: number; ratedOutputMvPerV: number; nominalCountsPerGram: number };
      geometry: Record<string, unknown>;
      masses: { unit: string; pieces: Record<string, number>; board?: unknown; spheres?: unknown };
    };
    const lc = raw.loadCells;
    expect(lc.nominalCountsPerGram).toBeCloseTo(((lc.ratedOutputMvPerV / 1000) * 2 ** 24 * lc.gain) / lc.capacityG, 0);
    // The pieces' masses (Surakarta's only physics); no board mass or spheres: it does not balance.
    expect(raw.masses).toEqual({ unit: 'g', pieces: { x: 40, o: 40 } });
    expect(raw.geometry.pinnacleGap).toBeUndefined();
  });

  it('matches the firmware built with --board surakarta', () => {
    if (!parsed.ok) return expect.fail('profile did not parse');
    expect(define('BOARD_POINT_CELLS')).toBe(parsed.value.cells.points.length);
    expect(define('BOARD_PIVOT_CELLS')).toBe(parsed.value.cells.pivots.length);
    expect(define('BOARD_TILT_SWITCHES')).toBe(0);
    // The firmware's default is no LEDs; the profile says 0 LEDs too.
    expect(define('WELL_LEDS_FITTED')).toBe(0);
  });
});
