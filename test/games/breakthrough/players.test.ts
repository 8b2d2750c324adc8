// The player engine with Breakthrough's players: how they plan a turn (a winning move when there
// is one, else a legal move, now and then a human antic), the hand actions each antic comes to,
// and, at the simulated board through the whole stack, each antic forced on every turn.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openBoard } from '../../../src/app/open-board.ts';
import { RefereeApp } from '../../../src/app/referee-app.ts';
import { VirtualClock } from '../../../src/app/virtual-clock.ts';
import { calibrateSimulatedBoard } from '../../../src/app/sim-calibration.ts';
import { CalibrationStore } from '../../../src/calibration/store.ts';
import { BREAKTHROUGH, breakthroughGame } from '../../../src/games/breakthrough/index.ts';
import {
  BT_DEFAULT_ODDS,
  PRESS_MS,
  ROLL_MS,
  SLOW_HOLD_MS,
  planBreakthroughTurn,
  type BtAntic,
  type BtPlanOdds,
  type BtTurnPlan,
} from '../../../src/games/breakthrough/plan-turn.ts';
import { breakthroughHands, breakthroughMoveAlone, breakthroughPlayersOn } from '../../../src/games/breakthrough/players.ts';
import { DEFAULT_BREAKTHROUGH_SETTINGS } from '../../../src/games/breakthrough/referee.ts';
import {
  EMPTY,
  START_POSITION,
  checkMove,
  formatMove,
  gameStatus,
  legalMoves,
  positionAfter,
  sideOf,
  squareName,
  startPosition,
  type Position,
} from '../../../src/games/breakthrough/rules/index.ts';
import { Rng } from '../../../src/util/rng.ts';
import type { SimStep } from '../../../src/hardware/sim/script.ts';
import type { Verdict } from '../../../src/referee/verdicts.ts';
import { position } from './driver.ts';

/** The antics that commit a foul. */
const FOUL_ANTICS: readonly BtAntic[] = ['not-your-piece', 'touch-move', 'illegal-placement', 'roll'];
/** Clean play only. */
const BT_NO_ANTICS: BtPlanOdds = { hesitate: 0, slow: 0, press: 0, notYourPiece: 0, touchMove: 0, illegalPlacement: 0, roll: 0 };

/** Plans along a few dozen random games (the planned moves played), with these odds. */
function plans(odds: BtPlanOdds, seeds = 30): { pos: Position; plan: BtTurnPlan }[] {
  const out: { pos: Position; plan: BtTurnPlan }[] = [];
  for (let seed = 1; seed <= seeds; seed++) {
    const rng = new Rng(seed);
    let pos = startPosition();
    for (let i = 0; i < 40; i++) {
      const plan = planBreakthroughTurn(pos, rng, odds);
      if (!plan) break;
      out.push({ pos, plan });
      pos = positionAfter(pos, plan.move);
    }
  }
  return out;
}

const only = (key: keyof BtPlanOdds): BtPlanOdds => ({ ...BT_NO_ANTICS, [key]: 1 });

/** A script as short words: `lift b2`, `place c3 w`, `roll b2>b3`, `press c3`. */
const shape = (steps: readonly SimStep[]): string[] =>
  steps.map((s) => {
    const name = (w: number | string): string => (typeof w === 'number' ? squareName(w) : w);
    switch (s.action) {
      case 'lift':
        return `lift ${name(s.well)}`;
      case 'place':
        return `place ${name(s.well)}${s.kind ? ` ${s.kind}` : ''}`;
      case 'roll':
        return `roll ${name(s.from)}>${name(s.to)}`;
      case 'press':
        return `press ${name(s.well)}`;
      default:
        return s.action;
    }
  });

/** The clean hand actions of a plan's move. */
function cleanMove({ move, piece, captureOrder }: BtTurnPlan): string[] {
  const from = squareName(move.from);
  const to = squareName(move.to);
  if (!move.capture) return [`lift ${from}`, `place ${to} ${piece}`];
  return captureOrder === 'captured-first'
    ? [`lift ${to}`, `lift ${from}`, `place ${to} ${piece}`]
    : [`lift ${from}`, `lift ${to}`, `place ${to} ${piece}`];
}

describe('planBreakthroughTurn', () => {
  it('at odds 0 plays clean legal moves only, games run to their end, both capture orders happen', () => {
    const all = plans(BT_NO_ANTICS);
    expect(all.length).toBeGreaterThan(300);
    for (const { pos, plan } of all) {
      expect(plan.antic).toBe('none');
      expect(checkMove(pos, plan.move).ok).toBe(true);
      expect(shape(breakthroughHands(plan).script.steps)).toEqual(cleanMove(plan));
    }
    expect(new Set(all.filter((p) => p.plan.move.capture).map((p) => p.plan.captureOrder))).toEqual(
      new Set(['captured-first', 'capturer-first']),
    );
  });

  it('takes a winning move when there is one, and plans nothing once the game is over', () => {
    // White c5 may break through; capturing on b4 would not end the game.
    const pos = position('6/2w3/1b4/6/6/6 w');
    for (let seed = 1; seed <= 10; seed++) {
      const plan = planBreakthroughTurn(pos, new Rng(seed), BT_NO_ANTICS)!;
      expect(gameStatus(positionAfter(pos, plan.move)).kind, formatMove(plan.move)).toBe('over');
    }
    expect(planBreakthroughTurn(position('2w3/6/6/6/3b2/6 b'), new Rng(1))).toBeUndefined();
  });

  it('is deterministic from the seed', () => {
    expect(plans(BT_DEFAULT_ODDS, 5)).toEqual(plans(BT_DEFAULT_ODDS, 5));
  });

  it('with the default odds, most turns are clean and every antic shows up', () => {
    const all = plans(BT_DEFAULT_ODDS, 60);
    const count = (a: BtAntic): number => all.filter((p) => p.plan.antic === a).length;
    expect(count('none') / all.length).toBeGreaterThan(0.7);
    const fouls = all.filter((p) => FOUL_ANTICS.includes(p.plan.antic)).length;
    expect(fouls / all.length).toBeLessThan(0.15);
    for (const a of ['hesitate', 'slow', 'press', 'not-your-piece', 'touch-move', 'illegal-placement', 'roll'] as const)
      expect(count(a), a).toBeGreaterThan(0);
  });
});

describe('each antic as hand actions', () => {
  it('hesitation: the moving piece lifted and put back, then that same piece moved (touch move kept)', () => {
    for (const { plan } of plans(only('hesitate'), 5)) {
      const from = squareName(plan.move.from);
      expect(plan.antic).toBe('hesitate');
      expect(shape(breakthroughHands(plan).script.steps)).toEqual([`lift ${from}`, `place ${from} ${plan.piece}`, ...cleanMove(plan)]);
    }
  });

  it('a slow lift: the piece held 1–1.8 s before it is set down', () => {
    for (const { plan } of plans(only('slow'), 5)) {
      expect(plan.holdMs).toBeGreaterThanOrEqual(SLOW_HOLD_MS.min);
      expect(plan.holdMs).toBeLessThanOrEqual(SLOW_HOLD_MS.max);
      const steps = breakthroughHands(plan).script.steps;
      expect(shape(steps)).toEqual(cleanMove(plan));
      expect(steps.at(-1)).toMatchObject({ action: 'place', afterMs: plan.holdMs });
    }
  });

  it('a hand pressing on a square, heavier than a piece and shorter than the 2 s holding grace, then the move', () => {
    for (const { plan } of plans(only('press'), 5)) {
      const steps = breakthroughHands(plan).script.steps;
      expect(shape(steps)).toEqual([`press ${squareName(plan.press!.square)}`, ...cleanMove(plan)]);
      const press = steps[0] as Extract<SimStep, { action: 'press' }>;
      expect(press.grams).toBeGreaterThan(100);
      expect(press.durationMs).toBeLessThanOrEqual(PRESS_MS.max);
      expect(PRESS_MS.max).toBeLessThan(2000);
    }
  });

  it('NotYourSphere: an enemy piece that no own piece can capture is lifted, and the script stops there', () => {
    for (const { pos, plan } of plans(only('notYourPiece'), 5)) {
      if (plan.antic === 'none') continue; // every enemy piece could be captured
      const wrong = plan.wrongSquare!;
      expect(sideOf(pos.board[wrong]!)).not.toBe(pos.turn);
      expect(pos.board[wrong]).not.toBe(EMPTY);
      expect(legalMoves(pos).some((m) => m.capture && m.to === wrong)).toBe(false);
      expect(shape(breakthroughHands(plan).script.steps)).toEqual([`lift ${squareName(wrong)}`]);
    }
  });

  it('TouchMove: the moving piece lifted and put back, then another own piece lifted', () => {
    for (const { pos, plan } of plans(only('touchMove'), 5)) {
      const from = squareName(plan.move.from);
      expect(plan.antic).toBe('touch-move');
      expect(sideOf(pos.board[plan.wrongSquare!]!)).toBe(pos.turn);
      expect(plan.wrongSquare).not.toBe(plan.move.from);
      expect(shape(breakthroughHands(plan).script.steps)).toEqual([
        `lift ${from}`,
        `place ${from} ${plan.piece}`,
        `lift ${squareName(plan.wrongSquare!)}`,
      ]);
    }
  });

  it('IllegalPlacement: the moving piece set down on an empty square it cannot reach', () => {
    for (const { pos, plan } of plans(only('illegalPlacement'), 5)) {
      expect(plan.antic).toBe('illegal-placement');
      const wrong = plan.wrongSquare!;
      expect(pos.board[wrong]).toBe(EMPTY);
      expect(legalMoves(pos).some((m) => m.from === plan.move.from && m.to === wrong)).toBe(false);
      expect(shape(breakthroughHands(plan).script.steps)).toEqual([
        `lift ${squareName(plan.move.from)}`,
        `place ${squareName(wrong)} ${plan.piece}`,
      ]);
    }
  });

  it('Rolled: a step slid slowly, resting half-way, so that the sensing reports a roll; never a capture', () => {
    for (const { plan } of plans(only('roll'), 5)) {
      if (plan.move.capture) {
        expect(plan.antic).toBe('none');
        continue;
      }
      const steps = breakthroughHands(plan).script.steps;
      expect(shape(steps)).toEqual([`roll ${squareName(plan.move.from)}>${squareName(plan.move.to)}`]);
      const roll = steps[0] as Extract<SimStep, { action: 'roll' }>;
      expect(roll.durationMs).toBeGreaterThanOrEqual(ROLL_MS.min);
      expect(roll.pauseMs).toBeGreaterThan(0);
    }
  });

  it('after a foul is put right, the planned move is played cleanly', () => {
    for (const { plan } of plans(only('touchMove'), 3))
      expect(shape(breakthroughMoveAlone(plan, 700).script.steps)).toEqual(cleanMove(plan));
  });
});

// The players at the simulated Breakthrough board (its generated reference profile), refereed
// through the whole stack on virtual time, each antic forced on every turn.
describe('the players at the board, one antic on every turn', { timeout: 90_000 }, () => {
  const SEED = 5;
  const calibration = (async () => {
    const c = await calibrateSimulatedBoard({
      seed: SEED,
      store: new CalibrationStore(mkdtempSync(join(tmpdir(), 'breakthrough-players-cal-'))),
      ruleset: BREAKTHROUGH,
    });
    if (!c.ok) throw new Error(c.error);
    return c.value;
  })();

  async function session(odds: BtPlanOdds, moves: number): Promise<Verdict[]> {
    const clock = new VirtualClock({ stepMs: 10 });
    const opened = await openBoard(
      { sim: true, seed: String(SEED) },
      { ruleset: BREAKTHROUGH, simPosition: START_POSITION, scheduler: clock.scheduler },
    );
    if (!opened.ok) throw new Error(opened.error.message);
    const board = opened.value;
    if (!board.sim) throw new Error('no simulator');
    const app = new RefereeApp({
      board,
      calibration: await calibration,
      game: breakthroughGame(DEFAULT_BREAKTHROUGH_SETTINGS, board.file.profile),
      players: { A: 'A', B: 'B' },
      journalDir: mkdtempSync(join(tmpdir(), 'breakthrough-players-')),
      io: { out: () => {}, err: () => {} },
      json: false,
      scoreboard: 'none',
      source: { kind: 'sim', seed: SEED },
      scheduler: clock.scheduler,
      simulatedPlayers: breakthroughPlayersOn(board.sim, SEED, clock.scheduler, odds),
    });
    const verdicts: Verdict[] = [];
    let done = (): void => {};
    const enough = new Promise<void>((resolve) => (done = resolve));
    app.bus.on('verdict', verdicts, (v) => {
      verdicts.push(v);
      if (verdicts.filter((x) => x.type === 'move').length >= moves || v.type === 'game-over') done();
    });
    await app.start();
    const seen = await clock.fastForward(enough, 300_000);
    await clock.fastForward(app.stop(), 60_000);
    expect(seen.ok, `verdicts: ${verdicts.map((v) => v.type).join(', ')}`).toBe(true);
    return verdicts;
  }

  const types = (vs: readonly Verdict[]): string[] => vs.map((v) => v.type);

  it.each([
    ['notYourPiece', 'NotYourSphere'],
    ['touchMove', 'TouchMove'],
    ['illegalPlacement', 'IllegalPlacement'],
    ['roll', 'Rolled'],
  ] as const)('%s: the referee calls %s, the players put the board back as it says, then play their move', async (key, code) => {
    const vs = await session(only(key), 6);
    expect(types(vs).filter((t) => t === 'move')).toHaveLength(6);
    const fouls = vs.filter((v) => v.type === 'foul');
    expect(fouls.length).toBeGreaterThan(0);
    expect(new Set(fouls.map((v) => v.type === 'foul' && v.code))).toEqual(new Set([code]));
    // Each foul: restored before the next move.
    const seq = types(vs).filter((t) => ['foul', 'restored', 'move'].includes(t));
    for (let i = 0; i < seq.length; i++) if (seq[i] === 'foul') expect(seq[i + 1]).toBe('restored');
    expect(types(vs)).not.toContain('forfeit');
  });

  it.each([
    ['hesitate', ['touch-move']],
    ['slow', []],
    ['press', []],
  ] as const)('%s: no foul, no forfeit, the game goes on', async (key, extra) => {
    const vs = await session(only(key), 6);
    expect(types(vs).filter((t) => t === 'move')).toHaveLength(6);
    expect(types(vs)).not.toContain('foul');
    expect(types(vs)).not.toContain('forfeit');
    for (const t of extra) expect(types(vs)).toContain(t);
  });
});
