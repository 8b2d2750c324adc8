// A Breakthrough match: first to N games won, sides changing every game, a game withdrawn.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FIRST_TO,
  MAX_FIRST_TO,
  currentGame,
  newBreakthroughMatch,
  recordBreakthroughGame,
  sidesOfGame,
  withdrawLastBreakthroughGame,
  type BreakthroughMatch,
  type Side,
} from '../../../../src/games/breakthrough/rules/index.ts';

const match = (firstTo = DEFAULT_FIRST_TO): BreakthroughMatch => {
  const m = newBreakthroughMatch(firstTo);
  if (!m.ok) throw new Error(m.error.message);
  return m.value;
};

/** The games won by these sides, in order. */
function played(m: BreakthroughMatch, ...winners: Side[]): BreakthroughMatch {
  for (const w of winners) {
    const next = recordBreakthroughGame(m, w, 'breakthrough');
    if (!next.ok) throw new Error(next.error.message);
    m = next.value;
  }
  return m;
}

describe('Breakthrough match', () => {
  it('A plays White (who moves first) in odd games, B in even ones', () => {
    expect([1, 2, 3, 4].map(sidesOfGame)).toEqual([
      { white: 'A', black: 'B' },
      { white: 'B', black: 'A' },
      { white: 'A', black: 'B' },
      { white: 'B', black: 'A' },
    ]);
  });

  it('is won by the first player to win N games: a game won is a point', () => {
    const m = played(match(2), 'white', 'white'); // A as White, then B as White
    expect(m).toMatchObject({ points: { A: 1, B: 1 }, gamesWon: { A: 1, B: 1 } });
    expect(m.winner).toBeUndefined();
    expect(currentGame(m)).toBe(3);
    const won = played(m, 'black'); // game 3: B plays Black
    expect(won).toMatchObject({ winner: 'B', points: { A: 1, B: 2 } });
    expect(won.games.map((g) => [g.number, g.white, g.winner])).toEqual([
      [1, 'A', 'A'],
      [2, 'B', 'B'],
      [3, 'A', 'B'],
    ]);
    expect(recordBreakthroughGame(won, 'white', 'breakthrough')).toMatchObject({ ok: false, error: { code: 'MatchOver' } });
  });

  it('first to 1 is a single game', () => {
    expect(played(match(1), 'black')).toMatchObject({ winner: 'B', games: [{ number: 1, reason: 'breakthrough' }] });
  });

  it('withdraws the last game, undeciding the match it decided', () => {
    const won = played(match(1), 'white');
    const back = withdrawLastBreakthroughGame(won);
    expect(back).toEqual({ ok: true, value: match(1) });
    expect(withdrawLastBreakthroughGame(match())).toMatchObject({ ok: false, error: { code: 'NoGame' } });
  });

  it('refuses a match nobody can play', () => {
    for (const n of [0, -1, 1.5, MAX_FIRST_TO + 1, NaN])
      expect(newBreakthroughMatch(n)).toMatchObject({ ok: false, error: { code: 'BadFirstTo' } });
    expect(newBreakthroughMatch(MAX_FIRST_TO).ok).toBe(true);
  });
});
