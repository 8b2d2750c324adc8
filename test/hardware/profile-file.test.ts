// The reference board's profile file must load (the rules core's physics and the board's
// hardware, each by its own parser) and describe the default balance model of the rulings.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatProfileProblems, parseProfileFileText } from '../../src/games/senryaku/profile-file.ts';
import { WELLS, wellName } from '../../src/games/senryaku/rules/types.ts';

const path = new URL('../../hardware/profiles/reference-mega-2560.json', import.meta.url);
const text = readFileSync(path, 'utf8');

describe('hardware/profiles/reference-mega-2560.json', () => {
  const parsed = parseProfileFileText(text);

  it('is accepted by parseProfile', () => {
    if (!parsed.ok) expect.fail(formatProfileProblems(parsed.error));
    expect(parsed.ok).toBe(true);
  });

  it('has d = 0.25 pitch and the masses of the default model (spheres 1, board 12)', () => {
    if (!parsed.ok) return expect.fail('profile did not parse');
    const p = parsed.value.profile;
    expect(p.halfGap).toBe(0.25);
    const sphere = p.sphereMass.w;
    expect(Object.values(p.sphereMass)).toEqual([sphere, sphere, sphere, sphere]);
    expect(p.boardMass / sphere).toBe(12);
  });

  it('maps 42 distinct wells in index order (cell i = well i = file + 7 * rank)', () => {
    if (!parsed.ok) return expect.fail('profile did not parse');
    expect(parsed.value.hardware.loadCells).toEqual({
      nominalCountsPerGram: 2147.5,
      capacityG: 1000,
      pivots: { nominalCountsPerGram: 429.5, capacityG: 5000 },
    });
    const wells = parsed.value.profile.cells?.wells ?? [];
    expect(wells).toHaveLength(WELLS);
    expect(new Set(wells).size).toBe(WELLS);
    wells.forEach((w, i) => expect(w, `cell ${i} is ${wellName(w)}`).toBe(i));
    expect(parsed.value.hardware.cells.pivots).toEqual(['pivot-white', 'pivot-black']);
    expect(parsed.value.hardware.tilt).toEqual({ white: true, black: true });
    expect(parsed.value.hardware.ledCount).toBe(WELLS);
  });

  it('keeps the sensing section consistent with the cell map and the HX711 maths', () => {
    interface CellGroup {
      capacityG: number;
      ratedOutputMvPerV: number;
      nominalCountsPerGram: number;
    }
    const raw = JSON.parse(text) as {
      loadCells: CellGroup & { gain: number; pivots: CellGroup };
      wellLeds: { count: number };
    };
    // Full scale of the HX711 is +-0.5 * AVDD / gain over 2^23 counts; the bridge gives
    // ratedOutput * AVDD at capacity, so AVDD cancels (ratiometric).
    // Top-level values describe the 42 well cells; `pivots` overrides them for cells 42-43.
    for (const group of [raw.loadCells, raw.loadCells.pivots]) {
      const countsPerGram = ((group.ratedOutputMvPerV / 1000) * 2 ** 24 * raw.loadCells.gain) / group.capacityG;
      expect(group.nominalCountsPerGram).toBeCloseTo(countsPerGram, 0);
    }
    expect(raw.wellLeds.count).toBe(WELLS);
  });
});
