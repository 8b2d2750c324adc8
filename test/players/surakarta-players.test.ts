// The player engine with Surakarta's players: how they plan a turn (a legal move, now and then
// a human antic), the hand actions each antic comes to, and the restore steps they do after a foul.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openBoard } from '../../src/app/open-board.ts';
import { RefereeApp } from '../../src/app/referee-app.ts';
import { surakartaHands, surakartaMoveAlone, surakartaPlayersOn } from '../../src/games/surakarta/players.ts';
import { EventBus } from '../../src/app/event-bus.ts';
import { VirtualClock } from '../../src/app/virtual-clock.ts';
import { DEFAULT_SURAKARTA_SETTINGS } from '../../src/games/surakarta/referee.ts';
import type { Verdict } from '../../src/referee/verdicts.ts';
import { SURAKARTA, surakartaGame } from '../../src/games/surakarta/index.ts';
import { SK_SEED, surakartaCalibration } from '../e2e/surakarta-harness.ts';
import {
  PRESS_MS,
  ROLL_MS,
  SK_DEFAULT_ODDS,
  SLOW_HOLD_MS,
  planSurakartaTurn,
  type SkAntic,
  type SkPlanOdds,
  type SkTurnPlan,
} from '../../src/games/surakarta/plan-turn.ts';
import { restoreScript } from '../../src/players/hands.ts';
import { Rng } from '../../src/util/rng.ts';
import type { SimStep } from '../../src/hardware/sim/script.ts';
import {
  EMPTY,
  START_POSITION,
  checkMove,
  legalMoves,
  parsePosition,
  pointName,
  positionAfter,
  sideOf,
  startPosition,
  type Position,
} from '../../src/games/surakarta/rules/index.ts';

/** The antics that commit a foul. */
const FOUL_ANTICS: readonly SkAntic[] = ['not-your-piece', 'touch-move', 'illegal-placement', 'roll'];
/** Clean play only. */
const SK_NO_ANTICS: SkPlanOdds = { hesitate: 0, slow: 0, press: 0, notYourPiece: 0, touchMove: 0, illegalPlacement: 0, roll: 0 };

/** Plans along a few dozen random games (the planned moves played), with these odds. */
function plans(odds: SkPlanOdds, seeds = 30): { pos: Position; plan: SkTurnPlan }[] {
  const out: { pos: Position; plan: SkTurnPlan }[] = [];
  for (let seed = 1; seed <= seeds; seed++) {
    const rng = new Rng(seed);
    let pos = startPosition();
    for (let i = 0; i < 40; i++) {
      const plan = planSurakartaTurn(pos, rng, odds);
      if (!plan) break;
      out.push({ pos, plan });
      pos = positionAfter(pos, plan.move);
    }
  }
  return out;
}

const only = (key: keyof SkPlanOdds): SkPlanOdds => ({ ...SK_NO_ANTICS, [key]: 1 });

/** A script as short words: `lift b2`, `place c3 x`, `roll b2>c3`, `press c3`. */
const shape = (steps: readonly SimStep[]): string[] =>
  steps.map((s) => {
    const name = (w: number | string): string => (typeof w === 'number' ? pointName(w) : w);
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
function cleanMove({ move, piece, captureOrder }: SkTurnPlan): string[] {
  const from = pointName(move.from);
  const to = pointName(move.to);
  if (!move.capture) return [`lift ${from}`, `place ${to} ${piece}`];
  return captureOrder === 'captured-first'
    ? [`lift ${to}`, `lift ${from}`, `place ${to} ${piece}`]
    : [`lift ${from}`, `lift ${to}`, `place ${to} ${piece}`];
}

describe('planSurakartaTurn', () => {
  it('at odds 0 plays clean legal moves only: a lift and a placement, or two lifts and a placement for a capture', () => {
    const all = plans(SK_NO_ANTICS);
    expect(all.length).toBeGreaterThan(500);
    for (const { pos, plan } of all) {
      expect(plan.antic).toBe('none');
      expect(checkMove(pos, plan.move).ok).toBe(true);
      expect(shape(surakartaHands(plan).script.steps)).toEqual(cleanMove(plan));
    }
    // Both capture orders happen, and captures are preferred when there are some.
    expect(new Set(all.filter((p) => p.plan.move.capture).map((p) => p.plan.captureOrder))).toEqual(
      new Set(['captured-first', 'capturer-first']),
    );
  });

  it('is deterministic from the seed', () => {
    expect(plans(SK_DEFAULT_ODDS, 5)).toEqual(plans(SK_DEFAULT_ODDS, 5));
  });

  it('with the default odds, most turns are clean and every antic shows up', () => {
    const all = plans(SK_DEFAULT_ODDS, 60);
    const count = (a: SkAntic): number => all.filter((p) => p.plan.antic === a).length;
    expect(count('none') / all.length).toBeGreaterThan(0.7);
    const fouls = all.filter((p) => FOUL_ANTICS.includes(p.plan.antic)).length;
    expect(fouls / all.length).toBeLessThan(0.15);
    for (const a of ['hesitate', 'slow', 'press', 'not-your-piece', 'touch-move', 'illegal-placement', 'roll'] as const)
      expect(count(a), a).toBeGreaterThan(0);
  });

  it('returns nothing for a side with no legal move (the referee passes it)', () => {
    // Light's only piece, on the corner a1 (on no circuit), boxed in by Dark pieces.
    const pos = parsePosition('6/6/6/6/oo4/xo4 x');
    if (!pos.ok) throw new Error(pos.error.message);
    expect(legalMoves(pos.value)).toEqual([]);
    expect(planSurakartaTurn(pos.value, new Rng(1))).toBeUndefined();
  });
});

describe('each antic as hand actions', () => {
  it('hesitation: the moving piece lifted and put back, then that same piece moved (touch move kept)', () => {
    for (const { plan } of plans(only('hesitate'), 5)) {
      const from = pointName(plan.move.from);
      expect(plan.antic).toBe('hesitate');
      expect(shape(surakartaHands(plan).script.steps)).toEqual([`lift ${from}`, `place ${from} ${plan.piece}`, ...cleanMove(plan)]);
    }
  });

  it('a slow lift: the piece held 1–2 s before it is set down', () => {
    for (const { plan } of plans(only('slow'), 5)) {
      expect(plan.antic).toBe('slow');
      expect(plan.holdMs).toBeGreaterThanOrEqual(SLOW_HOLD_MS.min);
      expect(plan.holdMs).toBeLessThanOrEqual(SLOW_HOLD_MS.max);
      const steps = surakartaHands(plan).script.steps;
      expect(shape(steps)).toEqual(cleanMove(plan));
      expect(steps.at(-1)).toMatchObject({ action: 'place', afterMs: plan.holdMs });
    }
  });

  it('a hand pressing on a point, heavier than a piece and shorter than the 2 s holding grace, then the move', () => {
    for (const { plan } of plans(only('press'), 5)) {
      const steps = surakartaHands(plan).script.steps;
      expect(shape(steps)).toEqual([`press ${pointName(plan.press!.point)}`, ...cleanMove(plan)]);
      expect(steps[0]).toMatchObject({ action: 'press', blocking: true });
      const press = steps[0] as Extract<SimStep, { action: 'press' }>;
      expect(press.grams).toBeGreaterThan(100);
      expect(press.durationMs).toBeLessThanOrEqual(PRESS_MS.max);
      expect(PRESS_MS.max).toBeLessThan(2000);
    }
  });

  it('NotYourSphere: an enemy piece that no own piece can capture is lifted, and the script stops there', () => {
    for (const { pos, plan } of plans(only('notYourPiece'), 5)) {
      if (plan.antic === 'none') continue; // every enemy piece could be captured
      expect(plan.antic).toBe('not-your-piece');
      const wrong = plan.wrongPoint!;
      expect(sideOf(pos.board[wrong]!)).not.toBe(pos.turn);
      expect(pos.board[wrong]).not.toBe(EMPTY);
      expect(legalMoves(pos).some((m) => m.capture && m.to === wrong)).toBe(false);
      expect(shape(surakartaHands(plan).script.steps)).toEqual([`lift ${pointName(wrong)}`]);
    }
  });

  it('TouchMove: the moving piece lifted and put back, then another own piece lifted', () => {
    for (const { pos, plan } of plans(only('touchMove'), 5)) {
      const from = pointName(plan.move.from);
      expect(plan.antic).toBe('touch-move');
      expect(sideOf(pos.board[plan.wrongPoint!]!)).toBe(pos.turn);
      expect(plan.wrongPoint).not.toBe(plan.move.from);
      expect(shape(surakartaHands(plan).script.steps)).toEqual([
        `lift ${from}`,
        `place ${from} ${plan.piece}`,
        `lift ${pointName(plan.wrongPoint!)}`,
      ]);
    }
  });

  it('IllegalPlacement: the moving piece set down on an empty point it cannot reach', () => {
    for (const { pos, plan } of plans(only('illegalPlacement'), 5)) {
      expect(plan.antic).toBe('illegal-placement');
      const wrong = plan.wrongPoint!;
      expect(pos.board[wrong]).toBe(EMPTY);
      expect(legalMoves(pos).some((m) => m.from === plan.move.from && m.to === wrong)).toBe(false);
      expect(shape(surakartaHands(plan).script.steps)).toEqual([
        `lift ${pointName(plan.move.from)}`,
        `place ${pointName(wrong)} ${plan.piece}`,
      ]);
    }
  });

  it('Rolled: a step slid slowly, resting half-way, so that the sensing reports a roll; never a capture', () => {
    for (const { plan } of plans(only('roll'), 5)) {
      if (plan.move.capture) {
        expect(plan.antic).toBe('none');
        continue;
      }
      const steps = surakartaHands(plan).script.steps;
      expect(shape(steps)).toEqual([`roll ${pointName(plan.move.from)}>${pointName(plan.move.to)}`]);
      const roll = steps[0] as Extract<SimStep, { action: 'roll' }>;
      expect(roll.durationMs).toBeGreaterThanOrEqual(ROLL_MS.min);
      expect(roll.pauseMs).toBeGreaterThan(0);
    }
  });

  it('after a foul is put right, the planned move is played cleanly', () => {
    for (const { plan } of plans(only('touchMove'), 3)) expect(shape(surakartaMoveAlone(plan, 700).script.steps)).toEqual(cleanMove(plan));
  });
});

describe('restoreScript: the referee restore steps by hand', () => {
  it('put-back places the piece named, remove lifts it off, move-back lifts it from where it is and sets it home', () => {
    const s = restoreScript(
      [
        { action: 'move-back', from: 'a3', well: 'a2', sphere: 'x' },
        { action: 'put-back', well: 'b1', sphere: 'o' },
        { action: 'remove', well: 'c3' },
      ],
      800,
    );
    expect(shape(s.steps)).toEqual(['lift a3', 'place a2 x', 'place b1 o', 'lift c3']);
    expect(s.steps[0]).toMatchObject({ afterMs: 800 });
  });
});

// The players at the simulated Surakarta board, refereed through the whole stack on virtual
// time (test/e2e/surakarta-harness.ts), each antic forced on every turn.
describe('the players at the board, one antic on every turn', { timeout: 60_000 }, () => {
  async function session(odds: SkPlanOdds, moves: number): Promise<Verdict[]> {
    const seed = SK_SEED;
    const calibration = await surakartaCalibration(seed);
    const clock = new VirtualClock({ stepMs: 10 });
    const opened = await openBoard(
      { sim: true, seed: String(seed) },
      { ruleset: SURAKARTA, simPosition: START_POSITION, scheduler: clock.scheduler },
    );
    if (!opened.ok) throw new Error(opened.error.message);
    const board = opened.value;
    if (!board.sim) throw new Error('no simulator');
    const app = new RefereeApp({
      board,
      calibration,
      game: surakartaGame(DEFAULT_SURAKARTA_SETTINGS, board.file.profile),
      players: { A: 'A', B: 'B' },
      journalDir: mkdtempSync(join(tmpdir(), 'surakarta-players-')),
      io: { out: () => {}, err: () => {} },
      json: false,
      scoreboard: 'none',
      source: { kind: 'sim', seed },
      scheduler: clock.scheduler,
      simulatedPlayers: surakartaPlayersOn(board.sim, seed, clock.scheduler, odds),
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

// After a holding forfeit the operator may take the game's end back (an `attributed` verdict):
// the players must not set up the next game over a game that goes on.
describe('the players and an attributed holding', () => {
  async function players() {
    const clock = new VirtualClock({ stepMs: 10 });
    const opened = await openBoard(
      { sim: true, seed: '3' },
      { ruleset: SURAKARTA, simPosition: START_POSITION, scheduler: clock.scheduler },
    );
    if (!opened.ok) throw new Error(opened.error.message);
    const sim = opened.value.sim;
    if (!sim) throw new Error('no simulator');
    const resets: string[] = [];
    const reset = sim.resetBoard.bind(sim);
    sim.resetBoard = (position) => {
      if (typeof position === 'string') resets.push(position);
      return reset(position);
    };
    const bus = new EventBus();
    const players = surakartaPlayersOn(sim, 3, clock.scheduler)(bus);
    await players.start();
    const say = (v: Verdict): void => bus.emit('verdict', v);
    const wait = async (ms: number): Promise<void> => {
      await clock.fastForward(new Promise<void>((resolve) => clock.scheduler.setTimeout(resolve, ms)), ms + 100);
    };
    const stop = async (): Promise<void> => {
      await players.stop();
      await opened.value.close();
    };
    return { resets, say, wait, stop };
  }
  const over = (atMs: number, winner: 'light' | 'dark'): Verdict => ({
    type: 'game-over',
    game: 1,
    winner,
    winnerPlayer: winner === 'light' ? 'A' : 'B',
    reason: 'holding',
    points: 12,
    awarded: winner === 'light' ? { A: 12, B: 0 } : { A: 0, B: 12 },
    score: winner === 'light' ? { A: 12, B: 0 } : { A: 0, B: 12 },
    atMs,
  });

  it('to nobody: no setup; the board is put back as the game stands', async () => {
    const p = await players();
    p.say({ type: 'game-started', game: 1, players: { light: 'A', dark: 'B' }, position: START_POSITION, atMs: 0 });
    p.say(over(100, 'dark'));
    await p.wait(1000);
    p.say({ type: 'attributed', game: 1, to: 'none', message: 'nobody', score: { A: 0, B: 0 }, atMs: 1000 });
    p.say({ type: 'resync-needed', differences: [], atMs: 1000 });
    await p.wait(6000);
    expect(p.resets).toEqual([START_POSITION]);
    await p.stop();
  });

  it('to the other side: one setup, after the game-over that stands', async () => {
    const p = await players();
    p.say({ type: 'game-started', game: 1, players: { light: 'A', dark: 'B' }, position: START_POSITION, atMs: 0 });
    p.say(over(100, 'dark'));
    await p.wait(1500);
    p.say({ type: 'attributed', game: 1, to: 'dark', message: 'dark held it', score: { A: 0, B: 0 }, atMs: 1500 });
    p.say(over(1500, 'light'));
    await p.wait(1000);
    expect(p.resets).toEqual([]);
    await p.wait(4000);
    expect(p.resets).toEqual(['6/6/6/6/6/6', START_POSITION]);
    await p.stop();
  });
});

// Moves taken back (casual play): the game goes on from the earlier position, its side to move plays.
describe('the players and a takeback', () => {
  it('the side to move of the earlier position plays its turn from there', async () => {
    const clock = new VirtualClock({ stepMs: 10 });
    const opened = await openBoard(
      { sim: true, seed: '3' },
      { ruleset: SURAKARTA, simPosition: START_POSITION, scheduler: clock.scheduler },
    );
    if (!opened.ok) throw new Error(opened.error.message);
    const sim = opened.value.sim;
    if (!sim) throw new Error('no simulator');
    const lifted: string[] = [];
    const play = sim.play.bind(sim);
    sim.play = (script) => {
      const first = script.steps.find((st) => st.action === 'lift');
      if (first?.action === 'lift') lifted.push(typeof first.well === 'number' ? pointName(first.well) : first.well);
      return play(script);
    };
    const bus = new EventBus();
    const players = surakartaPlayersOn(sim, 3, clock.scheduler, SK_NO_ANTICS)(bus);
    await players.start();
    const wait = async (ms: number): Promise<void> => {
      await clock.fastForward(new Promise<void>((resolve) => clock.scheduler.setTimeout(resolve, ms)), ms + 100);
    };
    bus.emit('verdict', { type: 'game-started', game: 1, players: { light: 'A', dark: 'B' }, position: START_POSITION, atMs: 0 });
    bus.emit('verdict', { type: 'move', side: 'light', move: 'a2-a3', position: 'oooooo/oooooo/6/x5/1xxxxx/xxxxxx o', atMs: 0 });
    bus.emit('verdict', {
      type: 'takeback',
      side: 'light',
      plies: 1,
      moves: [{ side: 'light', move: 'a2-a3' }],
      position: START_POSITION,
      atMs: 0,
    });
    await wait(5000);
    expect(lifted.length).toBeGreaterThan(0);
    // Light's turn again (rank 1 or 2), not Dark's reply to the move taken back.
    expect(lifted.every((p) => p.endsWith('1') || p.endsWith('2'))).toBe(true);
    await players.stop();
    await opened.value.close();
  });
});
