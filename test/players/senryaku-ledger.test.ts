// The players' ledger (the engine's, with Senryaku's players): what a correct referee must
// call follows from what the hands did on the board and from the simulator's crash record,
// never from the referee.
import { describe, expect, it } from 'vitest';
import { senryakuHands, senryakuPlayers } from '../../src/games/senryaku/players.ts';
import type { TurnPlan } from '../../src/games/senryaku/plan-turn.ts';
import { turnRecord, type TurnRecord } from '../../src/players/ledger.ts';
import type { StepOutcome } from '../../src/hardware/sim/sim-board.ts';
import { BalanceModel, DEFAULT_PROFILE, parseSpn, parseWell, type Position } from '../../src/games/senryaku/rules/index.ts';
import { err, ok } from '../../src/util/result.ts';

const position = (spn: string): Position => {
  const p = parseSpn(spn);
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
};
const START = position('bbbBbbb/7/7/7/7/wwwWwww w - -');
const w = (name: string) => parseWell(name)!;
const PLAYERS = senryakuPlayers(BalanceModel.fromProfile(DEFAULT_PROFILE));

const plan = (over: Partial<TurnPlan>): TurnPlan => ({
  move: { from: w('a1'), to: w('a2'), capture: false },
  sphere: 'w',
  antic: 'none',
  captureOrder: 'captured-first',
  thinkMs: 1000,
  holdMs: 500,
  ...over,
});

/** The turn's record, its script run step by step from t = 0, each step ok unless it comes at or after `failFrom` (a crashed board). */
function recorded(p: TurnPlan, pos = START, tipAtMs?: number, failFrom = Infinity): TurnRecord {
  const { script, calls } = senryakuHands(p, 40);
  let t = 0;
  const outcomes: StepOutcome[] = script.steps.map((step) => {
    t += step.action === 'wait' ? 0 : step.afterMs;
    const at = t;
    if (step.action === 'roll') t += step.durationMs + step.pauseMs;
    if (step.action === 'holdBoard' && step.blocking) t += step.durationMs;
    return { step, atMs: at, result: at >= failFrom ? err({ code: 'BoardTipped', message: 'tipped' }) : ok(undefined) };
  });
  return turnRecord(PLAYERS, { game: 3, position: pos, plan: p }, { calls, outcomes, tipAtMs });
}

describe('turnRecord', () => {
  it('a plain move: the move, no foul, no end', () => {
    expect(recorded(plan({}))).toEqual({ kind: 'turn', game: 3, side: 'white', antic: 'none', move: 'a1-a2', fouls: [] });
  });

  it('the wrong sphere: NotYourSphere by the mover, then the move', () => {
    const r = recorded(plan({ antic: 'wrong-sphere', wrongWell: w('b6') }));
    expect(r).toMatchObject({ move: 'a1-a2', fouls: [{ side: 'white', code: 'NotYourSphere' }] });
  });

  it('holding: the forfeit of the side to move, the game over, no move', () => {
    const hand = { grams: 200, x: 3.75, y: 0.1, startMs: 500, durationMs: 3000 };
    expect(recorded(plan({ antic: 'hold', hand }))).toEqual({
      kind: 'turn',
      game: 3,
      side: 'white',
      antic: 'hold',
      fouls: [{ side: 'white', code: 'holding' }],
      end: { winner: 'black', reason: 'holding' },
    });
  });

  it('a capture ends the game for the capturer', () => {
    const pos = position('bbb1bbb/7/7/3B3/3W3/www1www w - -');
    const r = recorded(plan({ move: { from: w('d2'), to: w('d3'), capture: true } }), pos);
    expect(r).toMatchObject({ move: 'd2xd3', fouls: [], end: { winner: 'white', reason: 'capture' } });
  });

  it('a crash at the first lift: nothing after it is called (no foul, no move); the mover loses', () => {
    // wrong sphere at 1000 ms tips the board as it leaves its well
    const r = recorded(plan({ antic: 'wrong-sphere', wrongWell: w('b6') }), START, 1000, 1001);
    expect(r).toEqual({
      kind: 'turn',
      game: 3,
      side: 'white',
      antic: 'wrong-sphere',
      fouls: [],
      end: { winner: 'black', reason: 'crash' },
    });
  });

  it('a crash as the sphere is set down: the foul before it stands, the move does not', () => {
    const p = plan({ antic: 'roll', roll: { durationMs: 300, pauseMs: 0 } });
    // roll 1000-1300, back 2500-2720, lift 3720, place 4220 tips the board
    const r = recorded(p, START, 4220);
    expect(r).toMatchObject({ fouls: [{ side: 'white', code: 'Rolled' }], end: { winner: 'black', reason: 'crash' } });
    expect(r.move).toBeUndefined();
  });

  it('a roll cut short by a crash mid-way is not a Rolled foul', () => {
    const r = recorded(plan({ antic: 'roll', roll: { durationMs: 300, pauseMs: 200 } }), START, 1200, 1200);
    expect(r.fouls).toEqual([]);
  });

  it('a move leaving the opponent without a legal move ends the game (no-move)', () => {
    // Black's one sphere, on a6, is boxed in by white spheres on b6, a5 and b5.
    const pos = position('Bw5/ww5/7/7/7/3W3 w - -');
    const r = recorded(plan({ move: { from: w('d1'), to: w('d2'), capture: false }, sphere: 'W' }), pos);
    expect(r).toMatchObject({ move: 'd1-d2', end: { winner: 'white', reason: 'no-move' } });
  });
});
