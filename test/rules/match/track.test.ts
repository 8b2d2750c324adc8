import { describe, expect, it } from 'vitest';
import {
  markerHoles,
  newMatch,
  recordGame,
  whitePlayer,
  withdrawLastGame,
  type MatchSettings,
  type MatchState,
} from '../../../src/rules/match/track.ts';

const start = (settings: MatchSettings = { trackLength: 6, colours: 'alternate' }): MatchState => {
  const r = newMatch(settings);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const game = (m: MatchState, winner: 'white' | 'black', points: number, reason = 'test') => {
  const r = recordGame(m, { winner, points, reason });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('match scoring track', () => {
  it('markers start at the two ends of the track', () => {
    expect(markerHoles(start())).toEqual({ A: 0, B: 6 });
  });

  it('A has White in game 1 and colours alternate', () => {
    let m = start();
    expect(whitePlayer(m)).toBe('A');
    m = game(m, 'white', 2);
    expect(whitePlayer(m)).toBe('B');
    m = game(m, 'white', 1);
    expect(whitePlayer(m)).toBe('A');
    expect(m.points).toEqual({ A: 2, B: 1 });
    expect(markerHoles(m)).toEqual({ A: 2, B: 5 });
  });

  it('fixed colours keep A on White', () => {
    let m = start({ trackLength: 6, colours: 'fixed' });
    m = game(m, 'black', 1);
    expect(whitePlayer(m)).toBe('A');
    expect(m.points).toEqual({ A: 0, B: 1 });
  });

  it('the first to reach the opponent’s start wins the match, and the match then refuses games', () => {
    let m = start({ trackLength: 3, colours: 'alternate' });
    m = game(m, 'white', 2); // A captures: 2
    m = game(m, 'white', 1); // B (White in game 2) wins by crash: 1
    expect(m.winner).toBeUndefined();
    m = game(m, 'black', 2); // game 3: A White, B Black wins with a capture: B 3
    expect(m.winner).toBe('B');
    expect(markerHoles(m)).toEqual({ A: 2, B: 0 });
    expect(m.gamesWon).toEqual({ A: 1, B: 2 });
    expect(recordGame(m, { winner: 'white', points: 1, reason: 'x' })).toMatchObject({ ok: false, error: { code: 'MatchOver' } });
  });

  it('a marker never runs past the end of the track', () => {
    let m = start({ trackLength: 1, colours: 'alternate' });
    m = game(m, 'white', 2);
    expect(markerHoles(m)).toEqual({ A: 1, B: 1 });
    expect(m.winner).toBe('A');
  });

  it('rejects bad settings with a code', () => {
    expect(newMatch({ trackLength: 0, colours: 'alternate' })).toMatchObject({ ok: false, error: { code: 'BadTrackLength' } });
    expect(newMatch({ trackLength: 2.5, colours: 'alternate' })).toMatchObject({ ok: false, error: { code: 'BadTrackLength' } });
    expect(newMatch({ trackLength: 6, colours: 'random' as never })).toMatchObject({ ok: false, error: { code: 'BadColourMode' } });
  });

  it('a drawn game moves no marker', () => {
    const m = recordGame(start(), { points: 0, reason: 'agreement' });
    expect(m.ok && m.value.points).toEqual({ A: 0, B: 0 });
    expect(m.ok && m.value.games[0]?.winner).toBeUndefined();
  });
});

describe('withdrawing the last game (an operator attributes a holding otherwise)', () => {
  const withdrawn = (m: MatchState): MatchState => {
    const r = withdrawLastGame(m);
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  };

  it('takes the last record back: points, games won and the game number as before it', () => {
    const before = game(game(start(), 'white', 2), 'black', 1);
    const after = game(before, 'white', 1, 'holding');
    expect(withdrawn(after)).toEqual(before);
    expect(withdrawn(after).games).toHaveLength(2);
  });

  it('withdraws the match winner the last game made, and another result can be recorded in its place', () => {
    let m = start({ trackLength: 3, colours: 'alternate' });
    m = game(m, 'white', 2); // A 2
    m = game(m, 'black', 1); // game 2: A has Black: A 3, the match
    expect(m.winner).toBe('A');
    const back = withdrawn(m);
    expect(back.winner).toBeUndefined();
    expect(back.points).toEqual({ A: 2, B: 0 });
    expect(back.gamesWon).toEqual({ A: 1, B: 0 });
    const flipped = game(back, 'white', 1, 'holding'); // B has White in game 2
    expect(flipped.winner).toBeUndefined();
    expect(flipped.points).toEqual({ A: 2, B: 1 });
    expect(flipped.games.at(-1)).toMatchObject({ number: 2, winner: 'B', reason: 'holding' });
  });

  it('a drawn game withdraws too; with no game recorded it says NoGame', () => {
    const drawn = recordGame(start(), { points: 0, reason: 'agreement' });
    expect(drawn.ok && withdrawn(drawn.value)).toEqual(start());
    expect(withdrawLastGame(start())).toMatchObject({ ok: false, error: { code: 'NoGame' } });
  });
});
