import { describe, expect, it } from 'vitest';
import { SIM_START_LAYOUT, formatLayout, parseLayout } from '../../../src/hardware/sim/layout.ts';
import { REFERENCE_PHYSICS } from '../../../src/hardware/sim/rigid-body.ts';
import { createSimBoard } from '../../../src/hardware/sim/sim-board.ts';
import { DEFAULT_PROFILE, gramsPerMassUnit } from '../../../src/games/senryaku/rules/profile.ts';
import { START_SPN, formatBoard } from '../../../src/games/senryaku/rules/spn.ts';

describe('sim layout', () => {
  it('reads and writes Senryaku board fields as the rules core does', () => {
    for (const field of [START_SPN, '7/7/7/2W4/7/7', 'bbbBbbb/7/7/7/7/wwwWwww']) {
      const board = parseLayout(field);
      if (!board.ok) return expect.fail(board.error.message);
      expect(formatLayout(board.value)).toBe(formatBoard(board.value));
    }
  });

  it('takes any grid and any piece letters', () => {
    const grid = { files: 6, ranks: 6 };
    const board = parseLayout('rrrrrr/rrrrrr/6/6/kkkkkk/kkkkkk', grid, 'rk');
    if (!board.ok) return expect.fail(board.error.message);
    expect(board.value).toHaveLength(36);
    expect(board.value[0]).toBe(2);
    expect(board.value[35]).toBe(1);
    expect(formatLayout(board.value, grid, 'rk')).toBe('rrrrrr/rrrrrr/6/6/kkkkkk/kkkkkk');
    expect(parseLayout('7/6/6/6/6/6', grid, 'rk').ok).toBe(false);
    expect(parseLayout('w5/6/6/6/6/6', grid, 'rk').ok).toBe(false);
  });

  it("keeps its defaults to the rules core's: the start position, and the default model in grams", () => {
    expect(SIM_START_LAYOUT).toBe(START_SPN.split(' ')[0]);
    const g = gramsPerMassUnit(DEFAULT_PROFILE);
    expect(REFERENCE_PHYSICS.boardMass).toBe(DEFAULT_PROFILE.boardMass * g);
    expect(REFERENCE_PHYSICS.sphereMass).toEqual({ w: 60, W: 60, b: 60, B: 60 });
    for (const [p, m] of Object.entries(DEFAULT_PROFILE.sphereMass)) expect(REFERENCE_PHYSICS.sphereMass[p]).toBe(m * g);
    expect([REFERENCE_PHYSICS.halfGap, REFERENCE_PHYSICS.wellPitch]).toEqual([DEFAULT_PROFILE.halfGap, DEFAULT_PROFILE.wellPitch]);
  });

  it('a profile in another unit than grams needs to be told the grams of its unit', () => {
    const bad = createSimBoard({ profile: DEFAULT_PROFILE });
    expect(bad.ok ? undefined : bad.error.code).toBe('BadOption');
    expect(createSimBoard({ profile: DEFAULT_PROFILE, gramsPerMassUnit: 60 }).ok).toBe(true);
  });
});
