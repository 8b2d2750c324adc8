// The players' ledger with Surakarta's players: the move once its placement happened, a foul
// antic's foul once its last step happened, the capture of the last enemy piece ending the game.
import { describe, expect, it } from 'vitest';
import type { SkTurnPlan } from '../../src/games/surakarta/plan-turn.ts';
import { surakartaHands, surakartaMoveAlone, surakartaPlayers } from '../../src/games/surakarta/players.ts';
import type { TurnActions } from '../../src/players/game.ts';
import { callsMade, turnRecord, type ScriptRun } from '../../src/players/ledger.ts';
import { legalMoves, parsePosition, pointAt, type Position } from '../../src/games/surakarta/rules/index.ts';
import { err, ok } from '../../src/util/result.ts';

const position = (text: string): Position => {
  const p = parsePosition(text);
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
};
const START = position('oooooo/oooooo/6/6/xxxxxx/xxxxxx x');
/** a2 can capture b1 (round the small loop at a1), Dark's last piece. */
const LAST = position('6/6/6/6/x5/1o4 x');

const plan = (pos: Position, over: Partial<SkTurnPlan> = {}): SkTurnPlan => ({
  move: legalMoves(pos).find((m) => (over.move ? false : !m.capture)) ?? legalMoves(pos)[0]!,
  piece: 'x',
  antic: 'none',
  captureOrder: 'captured-first',
  thinkMs: 500,
  holdMs: 400,
  ...over,
});

const PLAYERS = surakartaPlayers();

/** The script as the board ran it: every step ok, unless from index `failFrom` on. */
const run = ({ script, calls }: TurnActions, failFrom = Infinity): ScriptRun => ({
  calls,
  outcomes: script.steps.map((step, i) => ({
    step,
    atMs: i * 100,
    result: i >= failFrom ? err({ code: 'EmptyWell', message: 'no piece there' }) : ok(undefined),
  })),
  tipAtMs: undefined,
});

describe('Surakarta ledger', () => {
  it('a clean step: the move, no foul, no end', () => {
    const p = plan(START);
    expect(turnRecord(PLAYERS, { game: 2, position: START, plan: p, earlier: [] }, run(surakartaHands(p)))).toEqual({
      kind: 'turn',
      game: 2,
      side: 'light',
      antic: 'none',
      move: expect.stringMatching(/^[a-f][1-6]-[a-f][1-6]$/),
      fouls: [],
    });
  });

  it('a placement that did not happen is no move', () => {
    const p = plan(START);
    const s = surakartaHands(p);
    expect(turnRecord(PLAYERS, { game: 1, position: START, plan: p, earlier: [] }, run(s, s.script.steps.length - 1))).not.toHaveProperty(
      'move',
    );
  });

  it('the capture of the last enemy piece ends the game for the mover', () => {
    const capture = legalMoves(LAST).find((m) => m.capture)!;
    const p = plan(LAST, { move: capture });
    expect(turnRecord(PLAYERS, { game: 1, position: LAST, plan: p, earlier: [] }, run(surakartaMoveAlone(p, 300)))).toMatchObject({
      move: 'a2xb1',
      end: { winner: 'light', reason: 'all-captured' },
    });
  });

  it.each([
    ['not-your-piece', 'NotYourSphere', { wrongPoint: pointAt(2, 5)! }],
    ['touch-move', 'TouchMove', { wrongPoint: pointAt(0, 1)! }],
    ['illegal-placement', 'IllegalPlacement', { wrongPoint: pointAt(3, 3)! }],
    ['roll', 'Rolled', { roll: { durationMs: 400, pauseMs: 300 } }],
  ] as const)('%s commits %s once its last step happened; not when it did not', (antic, code, extra) => {
    const p = plan(START, { antic, ...extra });
    const s = surakartaHands(p);
    expect(s.ends).toBe('foul');
    expect(callsMade(START.turn, run(s)).fouls).toEqual([{ side: 'light', code }]);
    expect(callsMade(START.turn, run(s, s.script.steps.length - 1)).fouls).toEqual([]);
  });

  it('antics that commit no foul commit none', () => {
    for (const antic of ['none', 'hesitate', 'slow', 'press'] as const) {
      const p = plan(START, { antic, press: { point: 14, grams: 500, durationMs: 500 } });
      expect(surakartaHands(p).ends).toBe('turn');
      expect(callsMade(START.turn, run(surakartaHands(p))).fouls).toEqual([]);
    }
  });
});
