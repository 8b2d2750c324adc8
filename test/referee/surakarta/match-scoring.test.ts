// Surakarta match scoring (src/games/surakarta/rules/match.ts), as pure functions.
import { describe, expect, it } from 'vitest';
import {
  newSurakartaMatch,
  recordSurakartaGame,
  sidesOfGame,
  withdrawLastSurakartaGame,
  type SurakartaGameEnd,
  type SurakartaMatch,
  type SurakartaMatchState,
} from '../../../src/games/surakarta/rules/index.ts';

function played(settings: SurakartaMatch, ends: readonly SurakartaGameEnd[]): SurakartaMatchState {
  const m = newSurakartaMatch(settings);
  if (!m.ok) throw new Error(m.error.message);
  return ends.reduce((s, end) => {
    const r = recordSurakartaGame(s, end);
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  }, m.value);
}

const lightWins = (light: number, dark: number): SurakartaGameEnd => ({ winner: 'light', reason: 'agreement', scores: { light, dark } });

describe('Surakarta match scoring', () => {
  it('A plays Light in odd games, Dark in even', () => {
    expect(sidesOfGame(1)).toEqual({ light: 'A', dark: 'B' });
    expect(sidesOfGame(2)).toEqual({ light: 'B', dark: 'A' });
    expect(sidesOfGame(3)).toEqual({ light: 'A', dark: 'B' });
  });

  it('both players score their pieces each game, by the side they had', () => {
    const m = played({ kind: 'games', games: 3 }, [lightWins(5, 2), lightWins(4, 3)]);
    expect(m.points).toEqual({ A: 8, B: 6 });
    expect(m.gamesWon).toEqual({ A: 1, B: 1 });
    expect(m.games.map((g) => [g.light, g.winner, g.awarded])).toEqual([
      ['A', 'A', { A: 5, B: 2 }],
      ['B', 'B', { A: 3, B: 4 }],
    ]);
    expect(m.over).toBe(false);
  });

  it('games:N — decided after game N by totals, equal totals drawn', () => {
    expect(played({ kind: 'games', games: 2 }, [lightWins(5, 2), lightWins(4, 3)])).toMatchObject({ over: true, winner: 'A' });
    const drawn = played({ kind: 'games', games: 2 }, [lightWins(5, 2), lightWins(5, 2)]);
    expect(drawn.over).toBe(true);
    expect(drawn.winner).toBeUndefined();
  });

  it('points:N — over once a total reaches N; both at once: higher wins, equal drawn', () => {
    expect(played({ kind: 'points', target: 10 }, [lightWins(9, 1)]).over).toBe(false);
    expect(played({ kind: 'points', target: 10 }, [lightWins(9, 1), lightWins(1, 1)])).toMatchObject({ over: true, winner: 'A' });
    expect(played({ kind: 'points', target: 10 }, [lightWins(10, 11)])).toMatchObject({ over: true, winner: 'B' });
    const drawn = played({ kind: 'points', target: 10 }, [lightWins(10, 10)]);
    expect(drawn.over).toBe(true);
    expect(drawn.winner).toBeUndefined();
  });

  it('refuses a bad length, a game after the match, and a bad score', () => {
    expect(newSurakartaMatch({ kind: 'games', games: 0 })).toMatchObject({ ok: false, error: { code: 'BadMatchLength' } });
    expect(newSurakartaMatch({ kind: 'points', target: 1.5 })).toMatchObject({ ok: false, error: { code: 'BadMatchLength' } });
    const over = played({ kind: 'games', games: 1 }, [lightWins(1, 0)]);
    expect(recordSurakartaGame(over, lightWins(1, 0))).toMatchObject({ ok: false, error: { code: 'MatchOver' } });
    const fresh = played({ kind: 'games', games: 1 }, []);
    expect(recordSurakartaGame(fresh, lightWins(-1, 0))).toMatchObject({ ok: false, error: { code: 'BadScore' } });
  });
});

describe('withdrawing the last Surakarta game (a holding attributed otherwise)', () => {
  it('takes the last record back, and the match is undecided again', () => {
    const before = played({ kind: 'games', games: 2 }, [lightWins(10, 7)]);
    const after = played({ kind: 'games', games: 2 }, [lightWins(10, 7), lightWins(12, 0)]);
    expect(after.over).toBe(true);
    const back = withdrawLastSurakartaGame(after);
    expect(back).toEqual({ ok: true, value: before });
    expect(back.ok && back.value.over).toBe(false);
    expect(back.ok && back.value.winner).toBeUndefined();
  });

  it('a points match decided by the last game is open again, and another result can take its place', () => {
    const m = played({ kind: 'points', target: 12 }, [lightWins(11, 3), lightWins(12, 1)]); // game 2: B has Light
    expect(m).toMatchObject({ over: true, winner: 'B', points: { A: 12, B: 15 } });
    const back = withdrawLastSurakartaGame(m);
    if (!back.ok) throw new Error(back.error.message);
    expect(back.value).toMatchObject({ over: false, points: { A: 11, B: 3 }, gamesWon: { A: 1, B: 0 } });
    const flipped = recordSurakartaGame(back.value, { winner: 'dark', reason: 'holding', scores: { light: 0, dark: 9 } });
    expect(flipped.ok && flipped.value).toMatchObject({ over: true, winner: 'A', points: { A: 20, B: 3 } });
  });

  it('with no game recorded it says NoGame', () => {
    expect(withdrawLastSurakartaGame(played({ kind: 'games', games: 2 }, []))).toMatchObject({ ok: false, error: { code: 'NoGame' } });
  });
});
