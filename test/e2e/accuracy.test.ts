// The accuracy sweep of issue 10 at a small size: for every condition (drift, ramp, slow
// and paused rolls, a hand resting on the rim, a hand holding the board, two spheres in
// hand, the wrong sphere, all at once; Surakarta's players on its 36-point board), two
// autoplayed games refereed by the whole stack on virtual time, each held to the players'
// ledger: every game exact, no false foul, no missed foul. `npm run bench:accuracy` runs the
// same at 20 games per condition.
import { describe, expect, it } from 'vitest';
import { CONDITIONS } from '../support/accuracy/conditions.ts';
import type { CalibrationCache } from '../support/accuracy/session.ts';
import { reproduce, sweepCondition } from '../support/accuracy/sweep.ts';

const GAMES = 2;
const calibrations: CalibrationCache = new Map();

/** The antic each condition is about, which its games must hold at least once. */
const MUST_PLAY = {
  'slow-rolls-500ms': 'roll',
  'paused-rolls': 'roll',
  'rim-0.5s': 'rim',
  'holding-3s': 'hold',
  'two-in-hand': 'two-in-hand',
  'wrong-sphere': 'wrong-sphere',
  'sk-clean': 'press',
} as const;

describe('accuracy sweep (small)', () => {
  it.each(CONDITIONS.map((c) => [c.name, c] as const))('%s: every game refereed exactly', async (name, condition) => {
    const t = await sweepCondition(condition, { games: GAMES, calibrations });
    expect(t.mismatches.map(reproduce)).toEqual([]);
    expect(t).toMatchObject({ games: GAMES, exact: GAMES, falseFouls: 0, missedFouls: 0 });
    const antic = (MUST_PLAY as Record<string, keyof typeof t.antics>)[name];
    if (antic) expect(t.antics[antic]).toBeGreaterThan(0);
  });
});
