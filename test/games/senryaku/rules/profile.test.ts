import { describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE, parseProfile, parseProfileText } from '../../../../src/games/senryaku/rules/profile.ts';
import { FILE_NAMES, RANK_NAMES } from '../../../../src/games/senryaku/rules/types.ts';

const allWells = RANK_NAMES.flatMap((r) => FILE_NAMES.map((f) => `${f}${r}`));

const valid = {
  format: 'senryaku-board-profile',
  version: 1,
  name: 'test',
  geometry: { unit: 'mm', wellPitch: 40, pinnacleGap: 20 },
  masses: { unit: 'g', board: 720, spheres: { w: 60, W: 60, b: 60, B: 75 } },
  cells: { wells: allWells, pivots: ['pivot-white', 'pivot-black'] },
  loadCells: { nominalCountsPerGram: 429.5, capacityG: 5000, extra: 'ignored' },
};

describe('board profile', () => {
  it('derives d from the pinnacle gap and the pitch', () => {
    const r = parseProfile(valid);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.halfGap).toBe(0.25);
    expect(r.value.sphereMass.B).toBe(75);
    // The cell map and load cells are the board's hardware (src/board), not the rules'.
    expect(Object.keys(r.value)).not.toContain('cells');
    expect(Object.keys(r.value)).not.toContain('loadCells');
  });

  it('the default profile is the one of the rulings', () => {
    expect(DEFAULT_PROFILE.boardMass).toBe(12);
    expect(DEFAULT_PROFILE.halfGap).toBe(0.25);
    expect(Object.values(DEFAULT_PROFILE.sphereMass)).toEqual([1, 1, 1, 1]);
  });

  it('reports every problem with a code and a path', () => {
    const r = parseProfile({
      ...valid,
      version: 2,
      masses: { board: -1, spheres: { w: 1, W: 1, b: 1 } },
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const codes = r.error.map((p) => `${p.code}@${p.path}`);
    expect(codes).toContain('UnsupportedVersion@version');
    expect(codes).toContain('NotPositiveNumber@masses.board');
    expect(codes).toContain('Missing@masses.spheres.B');
  });

  it('rejects text that is not JSON', () => {
    const r = parseProfileText('{ nope');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error[0]?.code).toBe('NotJson');
  });
});
