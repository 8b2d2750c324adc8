// The operator attributes a holding forfeit otherwise (RULES.md, holding the board, "as for Senryaku"), in the Surakarta referee.
import { describe, expect, it } from 'vitest';
import { START_POSITION } from '../../../src/games/surakarta/rules/index.ts';
import { SkDriver } from './driver.ts';

/** The board held past the grace during the side to move's turn: the holding forfeit, then the hand lifted. */
function held(r: SkDriver): void {
  r.hold('start');
  r.tick(2100);
  r.hold('end');
}

describe('Surakarta referee: attributing a holding', () => {
  it('to the other side: the result is withdrawn and that side forfeits the same game instead, scoring nothing', () => {
    const r = SkDriver.playing(undefined, { match: { kind: 'games', games: 3 } });
    held(r);
    expect(r.last('game-over')).toMatchObject({ game: 1, winner: 'dark', awarded: { A: 0, B: 12 }, score: { A: 0, B: 12 } });
    r.verdicts.length = 0;
    r.attribute('dark');
    expect(r.types()).toEqual(['attributed', 'forfeit', 'game-over', 'setup']);
    expect(r.last('attributed')).toMatchObject({ game: 1, to: 'dark', score: { A: 0, B: 0 } });
    expect(r.last('forfeit')).toMatchObject({ loser: 'dark', reason: 'holding' });
    expect(r.last('game-over')).toMatchObject({
      game: 1,
      winner: 'light',
      winnerPlayer: 'A',
      reason: 'holding',
      points: 12,
      awarded: { A: 12, B: 0 },
      score: { A: 12, B: 0 },
    });
    expect(r.state.match.gamesWon).toEqual({ A: 1, B: 0 });
    r.cleared();
    r.snapshotOf(START_POSITION);
    expect(r.last('game-started')).toMatchObject({ game: 2, players: { light: 'B', dark: 'A' } });
  });

  it('withdraws the match-over the forfeit caused, and decides the match again', () => {
    const r = SkDriver.playing(undefined, { match: { kind: 'games', games: 1 } });
    held(r);
    expect(r.last('match-over')).toMatchObject({ winner: 'B' });
    r.verdicts.length = 0;
    r.attribute('dark');
    expect(r.types()).toEqual(['attributed', 'forfeit', 'game-over', 'match-over']);
    expect(r.last('match-over')).toMatchObject({ winner: 'A', score: { A: 12, B: 0 }, games: 1 });
    expect(r.state.phase).toBe('match-over');
  });

  it('to none: the game goes on from its last legal position with the fouls as before; a moved board is resynced first', () => {
    const r = SkDriver.playing(undefined, { match: { kind: 'games', games: 1 } });
    r.play('lift a2, place a2, lift a2, place a3'); // a touch move, then the move
    r.play('lift f5, place f5'); // Dark touches f5: it must move it
    r.play('lift a5, place a5'); // and lifting another is a foul
    expect(r.last('foul')).toMatchObject({ side: 'dark', code: 'TouchMove' });
    held(r);
    expect(r.state.phase).toBe('match-over');
    r.play('lift b1'); // someone starts clearing the board
    r.verdicts.length = 0;
    r.attribute('none');
    expect(r.types()).toEqual(['attributed', 'resync-needed']);
    expect(r.last('attributed')).toMatchObject({ game: 1, to: 'none', score: { A: 0, B: 0 } });
    expect(r.state.match).toMatchObject({ over: false, games: [] });
    r.play('place b1');
    expect(r.last('resync-done')).toMatchObject({ position: 'oooooo/oooooo/6/x5/1xxxxx/xxxxxx o' });
    expect(r.state.phase).toBe('play');
    expect(r.state.fouls).toEqual({ light: 0, dark: 1 });
    // Touch move still holds: f5 must be the piece moved.
    r.play('lift a5');
    expect(r.last('foul')).toMatchObject({ side: 'dark', code: 'TouchMove', count: 2 });
  });

  it('refused: to the side that forfeited, with no holding, after the next game started, for a side the game does not have', () => {
    const r = SkDriver.playing();
    held(r);
    expect(r.attribute('light')).toEqual([
      expect.objectContaining({ type: 'notice', message: expect.stringMatching(/^attribution refused: light already forfeited game 1/) }),
    ]);
    expect(r.attribute('white')).toEqual([
      expect.objectContaining({
        type: 'notice',
        message: "attribution refused: 'white' is not a side of Surakarta: attribute light, dark or none",
      }),
    ]);
    r.cleared();
    r.snapshotOf(START_POSITION);
    expect(r.attribute('dark')).toEqual([
      expect.objectContaining({ type: 'notice', message: expect.stringMatching(/^attribution refused: game 2 has started/) }),
    ]);
    r.agree();
    expect(r.attribute('dark')).toEqual([
      expect.objectContaining({
        type: 'notice',
        message: 'attribution refused: game 2 did not end by holding the board: there is no holding to attribute',
      }),
    ]);
    expect(r.state.match.points).toEqual({ A: 12, B: 24 });
  });
});
