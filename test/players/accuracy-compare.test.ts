// Holding the referee's verdicts to the players' ledger, game by game.
import { describe, expect, it } from 'vitest';
import { compareSession } from '../support/accuracy/compare.ts';
import type { PlayRecord } from '../../src/players/ledger.ts';
import type { Verdict } from '../../src/referee/verdicts.ts';

const started = (game: number): Verdict => ({ type: 'game-started', game, players: { white: 'A', black: 'B' }, position: '', atMs: 0 });
const move = (side: 'white' | 'black', m: string): Verdict => ({
  type: 'move',
  side,
  move: m,
  position: '',
  balance: { tipMargin: { white: 0, black: 0 } },
  atMs: 0,
});
const foul = (side: 'white' | 'black', code: 'Rolled' | 'NotYourSphere'): Verdict => ({
  type: 'foul',
  side,
  code,
  message: '',
  restore: [],
  count: 1,
  atMs: 0,
});
const over = (game: number, winner: 'white' | 'black', reason: string): Verdict => ({
  type: 'game-over',
  game,
  winner,
  winnerPlayer: 'A',
  reason,
  points: 1,
  score: { A: 1, B: 0 },
  atMs: 0,
});

const GAME_1: PlayRecord[] = [
  { kind: 'turn', game: 1, side: 'white', antic: 'roll', move: 'a1-a2', fouls: [{ side: 'white', code: 'Rolled' }] },
  {
    kind: 'turn',
    game: 1,
    side: 'black',
    antic: 'hold',
    fouls: [{ side: 'black', code: 'holding' }],
    end: { winner: 'white', reason: 'holding' },
  },
];

describe('compareSession', () => {
  it('a game called as played is exact', () => {
    const verdicts = [
      started(1),
      foul('white', 'Rolled'),
      move('white', 'a1-a2'),
      { type: 'forfeit', loser: 'black', reason: 'holding', message: '', atMs: 0 } as Verdict,
      over(1, 'white', 'holding'),
    ];
    expect(compareSession(GAME_1, verdicts, 1)).toEqual([{ game: 1, exact: true, falseFouls: [], missedFouls: [] }]);
  });

  it('a foul on the wrong side is one false and one missed foul; a missed forfeit is a missed foul and a wrong end', () => {
    const verdicts = [started(1), foul('black', 'Rolled'), move('white', 'a1-a2')];
    const [c] = compareSession(GAME_1, verdicts, 1);
    expect(c).toMatchObject({
      exact: false,
      falseFouls: [{ side: 'black', code: 'Rolled' }],
      missedFouls: [
        { side: 'white', code: 'Rolled' },
        { side: 'black', code: 'holding' },
      ],
      firstDifference: 'fouls: committed [white Rolled, black holding], called [black Rolled]',
    });
  });

  it('moves are compared in order, and games by their number', () => {
    const records: PlayRecord[] = [
      { kind: 'turn', game: 1, side: 'white', antic: 'none', move: 'a1-a2', fouls: [] },
      { kind: 'turn', game: 2, side: 'white', antic: 'none', move: 'b1-b2', fouls: [], end: { winner: 'white', reason: 'no-move' } },
    ];
    const verdicts = [
      started(1),
      move('white', 'a1-b2'),
      over(1, 'black', 'crash'),
      started(2),
      move('white', 'b1-b2'),
      over(2, 'white', 'no-move'),
    ];
    const [one, two, three] = compareSession(records, verdicts, 3);
    expect(one).toMatchObject({ exact: false, firstDifference: 'move 1: played white a1-a2, called white a1-b2' });
    expect(two).toMatchObject({ exact: true });
    expect(three).toMatchObject({ exact: false, firstDifference: 'not played (the session ran out of time)' });
  });

  it('a board the players had to put back is not an exact game', () => {
    const records: PlayRecord[] = [{ kind: 'put-back', game: 1, why: 'tidy-up' }];
    expect(compareSession(records, [started(1)], 1)[0]).toMatchObject({
      exact: false,
      firstDifference: 'the players had to put the board back 1 time(s)',
    });
  });
});
