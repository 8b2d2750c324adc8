/**
 * The conditions of the accuracy sweep (issue 10): what real boards and real players do
 * that the referee must get right. Each is a game, the simulated board's sensor parameters
 * and the players' odds; every other number is the default, so a condition differs from
 * its game's `clean` only in what its name says. Senryaku's antic odds are high (about one
 * turn in four) so that a handful of games already holds many of them; Surakarta's players
 * play their own default odds (src/games/surakarta/plan-turn.ts: about one turn in five with an antic).
 */
import type { SensorParameters } from '../../../src/hardware/sim/sensors.ts';
import { DEFAULT_ODDS, type PlanOdds } from '../../../src/games/senryaku/plan-turn.ts';
import { SK_DEFAULT_ODDS, type SkPlanOdds } from '../../../src/games/surakarta/plan-turn.ts';

interface ConditionOf<G extends string, O> {
  readonly name: string;
  readonly what: string;
  /** The game played (the ruleset id). */
  readonly game: G;
  readonly sensors: Partial<SensorParameters>;
  readonly odds: O;
}

export type Condition = ConditionOf<'senryaku', PlanOdds> | ConditionOf<'surakarta', SkPlanOdds>;
export const CONDITION_GAMES = ['senryaku', 'surakarta'] as const satisfies readonly Condition['game'][];

/** Every cell's zero creeping at up to 8 g/min (the boards of issue 10). */
const DRIFT: Partial<SensorParameters> = { walkGPerMin: 8 };
/** 10 g over 10 minutes on every cell at once, then steady. */
const RAMP: Partial<SensorParameters> = { rampGPerMin: 1, rampForMs: 600_000 };
/**
 * The boards of issue 22: every cell wandering as on issue 10's boards (DRIFT), one cell
 * (drawn from the seed, a new one each session) whose zero creeps 18 g in its first 3
 * minutes and stays there, and single-sample glitches (one bit flipped) on any cell at
 * 0.2 % of readings: one every 10–15 frames somewhere on a 36–44-cell board.
 */
const DRIFTING_CELL_GLITCHES: Partial<SensorParameters> = {
  ...DRIFT,
  driftingCell: { gPerMin: 6, forMs: 3 * 60_000 },
  glitchRate: 0.002,
};
const GLITCHES_WHAT = 'cells wandering up to 8 g/min, one creeping 18 g in 3 min, one-sample glitches on 0.2 % of readings';

const SENRYAKU_CONDITIONS = (
  [
    { name: 'clean', what: 'steady cells, the usual antics', sensors: {}, odds: DEFAULT_ODDS },
    { name: 'drift-8g-min', what: 'every cell zero wandering at up to 8 g/min', sensors: DRIFT, odds: DEFAULT_ODDS },
    { name: 'ramp-10g', what: 'every cell zero ramping 1 g/min for 10 min', sensors: RAMP, odds: DEFAULT_ODDS },
    { name: 'drifting-cell-glitches', what: GLITCHES_WHAT, sensors: DRIFTING_CELL_GLITCHES, odds: DEFAULT_ODDS },
    {
      name: 'slow-rolls-500ms',
      what: 'rolls of 500 ms on ~30 % of steps',
      sensors: {},
      odds: { ...DEFAULT_ODDS, roll: 0.3, rollMs: [500, 500], rollPause: 0 },
    },
    {
      name: 'paused-rolls',
      what: 'rolls of 150-600 ms resting 100-400 ms half-way',
      sensors: {},
      odds: { ...DEFAULT_ODDS, roll: 0.3, rollPause: 1 },
    },
    { name: 'rim-0.5s', what: 'a hand resting on the rim 0.5 s (no foul)', sensors: {}, odds: { ...DEFAULT_ODDS, rim: 0.25 } },
    { name: 'holding-3s', what: 'a hand holding the board 3 s (forfeit)', sensors: {}, odds: { ...DEFAULT_ODDS, hold: 0.08 } },
    {
      name: 'two-in-hand',
      what: 'two own spheres lifted, put back, then the move',
      sensors: {},
      odds: { ...DEFAULT_ODDS, twoInHand: 0.25 },
    },
    { name: 'wrong-sphere', what: "an opponent's sphere lifted and put back", sensors: {}, odds: { ...DEFAULT_ODDS, wrongSphere: 0.25 } },
    {
      name: 'all',
      what: 'drift and ramp together, every antic',
      sensors: { ...DRIFT, ...RAMP },
      odds: { crash: 0.02, slow: 0.08, touch: 0.05, wrongSphere: 0.05, roll: 0.08, rim: 0.06, hold: 0.02, twoInHand: 0.06 },
    },
  ] as const satisfies readonly Omit<ConditionOf<'senryaku', PlanOdds>, 'game'>[]
).map((c): Condition => ({ ...c, game: 'senryaku' }));

/** Surakarta's: its players' antics on steady cells, and on the boards of issue 22. */
const SURAKARTA_CONDITIONS = (
  [
    { name: 'sk-clean', what: 'Surakarta: steady cells, the usual antics', sensors: {}, odds: SK_DEFAULT_ODDS },
    { name: 'sk-drifting-cell-glitches', what: `Surakarta: ${GLITCHES_WHAT}`, sensors: DRIFTING_CELL_GLITCHES, odds: SK_DEFAULT_ODDS },
  ] as const satisfies readonly Omit<ConditionOf<'surakarta', SkPlanOdds>, 'game'>[]
).map((c): Condition => ({ ...c, game: 'surakarta' }));

export const CONDITIONS: readonly Condition[] = [...SENRYAKU_CONDITIONS, ...SURAKARTA_CONDITIONS];

export const conditionNamed = (name: string): Condition | undefined => CONDITIONS.find((c) => c.name === name);
