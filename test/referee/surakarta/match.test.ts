// Games that end by agreement, and the match around them: games:N and points:N, sides alternating.
import { describe, expect, it } from 'vitest';
import { START_POSITION } from '../../../src/games/surakarta/rules/index.ts';
import { SkDriver } from './driver.ts';

/** Light 3 pieces, Dark 2. */
const LIGHT_AHEAD = 'x5/6/6/6/x4x/1o2o1 x';

/** Ends the game in play by agreement, clears the board and sets up the start position for the next. */
function agreeAndSetUpNext(r: SkDriver): void {
  r.agree();
  if (r.state.phase === 'match-over') return;
  r.cleared();
  r.snapshotOf(START_POSITION);
}

describe('Surakarta referee: ending by agreement', () => {
  it('the side with more pieces in play wins; both players score their pieces', () => {
    const r = SkDriver.playing(LIGHT_AHEAD);
    expect(r.agree()[0]).toEqual({
      type: 'game-over',
      game: 1,
      winner: 'light',
      winnerPlayer: 'A',
      reason: 'agreement',
      points: 3,
      awarded: { A: 3, B: 2 },
      score: { A: 3, B: 2 },
      atMs: r.t,
    });
  });

  it('equal counts are a draw: no winner, no points to a winner, both still score', () => {
    const r = SkDriver.playing();
    const over = r.agree()[0];
    expect(over).toMatchObject({ type: 'game-over', reason: 'agreement', points: 0, awarded: { A: 12, B: 12 }, score: { A: 12, B: 12 } });
    expect(over).not.toHaveProperty('winner');
    expect(over).not.toHaveProperty('winnerPlayer');
  });

  it('while a foul stands, the last legal position counts', () => {
    const r = SkDriver.playing(LIGHT_AHEAD);
    r.lift('b1');
    r.lift('e1');
    expect(r.agree()[0]).toMatchObject({ type: 'game-over', winner: 'light', awarded: { A: 3, B: 2 } });
  });

  it('outside a game it is ignored with a notice', () => {
    const r = new SkDriver();
    expect(r.agree()).toEqual([expect.objectContaining({ type: 'notice' })]);
    expect(r.state.phase).toBe('setup');
  });
});

describe('Surakarta referee: the match', () => {
  it('between games: setup verdicts, a changed board, then game 2 with the sides swapped', () => {
    const r = SkDriver.playing(LIGHT_AHEAD);
    r.agree();
    expect(r.types()).toEqual(['game-over', 'setup']);
    expect(r.state.phase).toBe('game-over');
    r.cleared();
    expect(r.last('setup')?.missing).toHaveLength(24);
    r.snapshotOf(START_POSITION);
    const started = r.last('game-started');
    expect(started).toMatchObject({ game: 2, position: START_POSITION, players: { light: 'B', dark: 'A' } });
    expect(Object.keys(started?.players ?? {})).toEqual(['light', 'dark']);
    expect(r.move('b2-c3').at(-1)).toMatchObject({ side: 'light' });
  });

  it('games:2 — totals decide after the last game', () => {
    const r = SkDriver.playing(LIGHT_AHEAD, { match: { kind: 'games', games: 2 } });
    agreeAndSetUpNext(r);
    r.agree();
    expect(r.last('game-over')).toMatchObject({ game: 2, awarded: { A: 12, B: 12 }, score: { A: 15, B: 14 } });
    expect(r.last('match-over')).toEqual({ type: 'match-over', winner: 'A', score: { A: 15, B: 14 }, games: 2, atMs: r.t });
    expect(r.state.phase).toBe('match-over');
    // Nothing more happens after the match.
    r.snapshotOf(START_POSITION);
    expect(r.types().at(-1)).toBe('match-over');
  });

  it('games:2 — equal totals draw the match', () => {
    const r = SkDriver.playing(undefined, { match: { kind: 'games', games: 2 } });
    agreeAndSetUpNext(r);
    r.agree();
    const over = r.last('match-over');
    expect(over).toMatchObject({ score: { A: 24, B: 24 }, games: 2 });
    expect(over).not.toHaveProperty('winner');
  });

  it('points:20 — new games until a total reaches the target; both reaching it, the higher total wins', () => {
    const r = SkDriver.playing(LIGHT_AHEAD, { match: { kind: 'points', target: 20 } });
    agreeAndSetUpNext(r); // A 3, B 2
    agreeAndSetUpNext(r); // A 15, B 14
    expect(r.types()).not.toContain('match-over');
    expect(r.last('game-started')).toMatchObject({ game: 3, players: { light: 'A', dark: 'B' } });
    r.agree(); // A 27, B 26
    expect(r.last('match-over')).toMatchObject({ winner: 'A', score: { A: 27, B: 26 }, games: 3 });
  });

  it('points:12 — both reaching the target with equal totals draw the match', () => {
    const r = SkDriver.playing(undefined, { match: { kind: 'points', target: 12 } });
    r.agree();
    const over = r.last('match-over');
    expect(over).toMatchObject({ score: { A: 12, B: 12 }, games: 1 });
    expect(over).not.toHaveProperty('winner');
  });

  it('in game 2 the sides belong to the other players: a forfeit by Light is B losing', () => {
    const r = SkDriver.playing(undefined, { match: { kind: 'games', games: 3 } });
    agreeAndSetUpNext(r); // A 12, B 12
    r.hold('start');
    r.tick(2500);
    expect(r.last('forfeit')).toMatchObject({ loser: 'light' });
    expect(r.last('game-over')).toMatchObject({
      game: 2,
      winner: 'dark',
      winnerPlayer: 'A',
      awarded: { A: 12, B: 0 },
      score: { A: 24, B: 12 },
    });
  });
});
