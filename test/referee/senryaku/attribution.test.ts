// The operator attributes a holding forfeit otherwise (RULES.md, holding the board), in the Senryaku referee.
import { describe, expect, it } from 'vitest';
import { RefereeDriver, snapshotOf } from './driver.ts';

const START = 'bbbBbbb/7/7/7/7/wwwWwww w - -';

/** A game on, the board held past the grace during `turn`'s turn: the holding forfeit, then the hand lifted. */
function heldDuring(r: RefereeDriver): void {
  r.hold('start');
  r.tick(2100);
  r.hold('end');
}

describe('Senryaku referee: attributing a holding', () => {
  it('to the other side: the result is withdrawn and that side forfeits the same game instead', () => {
    const r = RefereeDriver.playing();
    heldDuring(r);
    expect(r.last('game-over')).toMatchObject({ game: 1, winner: 'black', winnerPlayer: 'B', score: { A: 0, B: 1 } });
    r.verdicts.length = 0;
    const v = r.attribute('black');
    expect(v.map((x) => x.type)).toEqual(['attributed', 'forfeit', 'game-over']);
    expect(v[0]).toMatchObject({ type: 'attributed', game: 1, to: 'black', score: { A: 0, B: 0 } });
    expect(v[1]).toMatchObject({ type: 'forfeit', loser: 'black', reason: 'holding' });
    expect(v[2]).toMatchObject({
      type: 'game-over',
      game: 1,
      winner: 'white',
      winnerPlayer: 'A',
      reason: 'holding',
      points: 1,
      score: { A: 1, B: 0 },
    });
    expect(r.state.match.points).toEqual({ A: 1, B: 0 });
    expect(r.state.match.games).toHaveLength(1);
    expect(r.state.phase).toBe('game-over');
    // The next game starts as after any game.
    r.cleared();
    r.snapshotOf(START);
    expect(r.last('game-started')).toMatchObject({ game: 2, players: { white: 'B', black: 'A' } });
  });

  it('withdraws the match-over the forfeit caused; the new result may end the match the other way', () => {
    const r = RefereeDriver.playing(undefined, { match: { trackLength: 1, colours: 'alternate' } });
    heldDuring(r);
    expect(r.last('match-over')).toMatchObject({ winner: 'B' });
    r.verdicts.length = 0;
    expect(r.attribute('black').map((x) => x.type)).toEqual(['attributed', 'forfeit', 'game-over', 'match-over']);
    expect(r.last('match-over')).toMatchObject({ winner: 'A', score: { A: 1, B: 0 }, games: 1 });
    expect(r.state.phase).toBe('match-over');
    expect(r.state.match.winner).toBe('A');
  });

  it('withdraws the match-over, and the match goes on when the new result does not end it', () => {
    const r = RefereeDriver.playing(undefined, { match: { trackLength: 2, colours: 'alternate' } });
    // Game 1: Black crashes the board: A (White) scores 1.
    r.move('a1-a2');
    r.lift('g6');
    r.tip('white');
    r.level();
    r.cleared();
    r.snapshotOf(START);
    expect(r.last('game-started')).toMatchObject({ game: 2, players: { white: 'B', black: 'A' } });
    // Game 2: the board is held on White's (B's) turn: A wins the match.
    heldDuring(r);
    expect(r.last('match-over')).toMatchObject({ winner: 'A', score: { A: 2, B: 0 } });
    r.verdicts.length = 0;
    r.attribute('black'); // A (Black) held it
    expect(r.types()).toEqual(['attributed', 'forfeit', 'game-over']);
    expect(r.last('attributed')).toMatchObject({ game: 2, score: { A: 1, B: 0 } });
    expect(r.last('game-over')).toMatchObject({ game: 2, winner: 'white', winnerPlayer: 'B', score: { A: 1, B: 1 } });
    expect(r.state.phase).toBe('game-over');
    expect(r.state.match.winner).toBeUndefined();
    // The board was not touched since the forfeit: the start position still shown is not a new setup...
    r.snapshotOf(START);
    expect(r.types()).not.toContain('game-started');
    // ...until it is set up again.
    r.cleared();
    r.snapshotOf(START);
    expect(r.last('game-started')).toMatchObject({ game: 3 });
  });

  it('to none: the result is withdrawn and the game goes on, the side to move and the fouls as before', () => {
    const r = RefereeDriver.playing();
    r.lift('a6'); // White lifts Black's sphere: a foul
    r.place('a6');
    r.move('a1-a2');
    expect(r.state.fouls).toEqual({ white: 1, black: 0 });
    heldDuring(r); // during Black's turn
    expect(r.last('forfeit')).toMatchObject({ loser: 'black' });
    r.verdicts.length = 0;
    const v = r.attribute('none');
    expect(v).toEqual([
      expect.objectContaining({ type: 'attributed', game: 1, to: 'none', score: { A: 0, B: 0 } }),
      expect.objectContaining({ type: 'resync-done', position: 'bbbBbbb/7/7/7/w6/1wwWwww b a2 -' }),
    ]);
    expect(r.state.phase).toBe('play');
    expect(r.state.match.games).toHaveLength(0);
    expect(r.state.fouls).toEqual({ white: 1, black: 0 });
    expect(r.state.game.position.turn).toBe('black');
    expect(r.move('g6-g5')).toContainEqual(expect.objectContaining({ type: 'move', side: 'black', move: 'g6-g5' }));
    // And White's locked sphere is still locked.
    r.lift('a2');
    expect(r.last('foul')).toMatchObject({ code: 'LockedSphere', side: 'white', count: 2 });
  });

  it('to none after the board was moved: a resync first, then play once it matches again', () => {
    const r = RefereeDriver.playing(undefined, { match: { trackLength: 1, colours: 'alternate' } });
    heldDuring(r);
    expect(r.state.phase).toBe('match-over');
    r.lift('a1'); // someone starts clearing the board
    r.lift('b6');
    r.verdicts.length = 0;
    r.attribute('none');
    expect(r.types()).toEqual(['attributed', 'resync-needed']);
    expect(r.last('resync-needed')?.differences.map((d) => d.well)).toEqual(['a1', 'b6']);
    expect(r.state.phase).toBe('resync');
    expect(r.state.match.winner).toBeUndefined();
    // A late joiner sees the game on again: game 1, White to move, no winner, the score back to 0-0.
    const snap = snapshotOf(r.state);
    expect(snap).toMatchObject({ phase: 'resync', game: 1, turn: 'white', score: { points: { A: 0, B: 0 }, games: { A: 0, B: 0 } } });
    expect(snap).not.toHaveProperty('winner');
    r.place('a1');
    expect(r.types()).not.toContain('resync-done');
    r.place('b6');
    expect(r.last('resync-done')).toMatchObject({ position: START });
    expect(r.state.phase).toBe('play');
    expect(r.move('a1-a2')).toContainEqual(expect.objectContaining({ type: 'move', side: 'white' }));
  });

  it('to the side that forfeited: it changes nothing, and is refused', () => {
    const r = RefereeDriver.playing();
    heldDuring(r);
    const before = r.state;
    expect(r.attribute('white')).toEqual([
      expect.objectContaining({ type: 'notice', message: expect.stringMatching(/^attribution refused: white already forfeited game 1/) }),
    ]);
    expect(r.state.match).toBe(before.match);
    expect(r.state.phase).toBe('game-over');
    // After attributing it to Black, Black is the side that forfeited.
    r.attribute('black');
    expect(r.attribute('black')).toEqual([
      expect.objectContaining({ type: 'notice', message: expect.stringMatching(/black already forfeited/) }),
    ]);
  });

  it('refused when the last game did not end by holding, when the next game has started, or for a side the game does not have', () => {
    const crashed = RefereeDriver.playing();
    crashed.lift('a1');
    crashed.tip('black');
    expect(crashed.attribute('black')).toEqual([
      expect.objectContaining({
        type: 'notice',
        message: 'attribution refused: game 1 did not end by holding the board: there is no holding to attribute',
      }),
    ]);

    const capturing = RefereeDriver.playing('7/2B4/2W4/7/7/7 w - -');
    capturing.move('c4xc5');
    expect(capturing.attribute('black')).toEqual([
      expect.objectContaining({
        type: 'notice',
        message: 'attribution refused: the game is ending by a capture: there is no holding to attribute',
      }),
    ]);

    const playing = RefereeDriver.playing();
    expect(playing.attribute('black')).toEqual([
      expect.objectContaining({ type: 'notice', message: 'attribution refused: no game has ended: there is no holding to attribute' }),
    ]);

    const next = RefereeDriver.playing();
    heldDuring(next);
    next.cleared();
    next.snapshotOf(START);
    expect(next.last('game-started')).toMatchObject({ game: 2 });
    expect(next.attribute('black')).toEqual([
      expect.objectContaining({ type: 'notice', message: expect.stringMatching(/^attribution refused: game 2 has started/) }),
    ]);
    expect(next.state.match.points).toEqual({ A: 0, B: 1 });

    const held = RefereeDriver.playing();
    heldDuring(held);
    expect(held.attribute('light')).toEqual([
      expect.objectContaining({
        type: 'notice',
        message: "attribution refused: 'light' is not a side of Senryaku: attribute white, black or none",
      }),
    ]);
    expect(held.state.phase).toBe('game-over');
  });

  it('agree changes nothing in Senryaku (no ending by agreement)', () => {
    const r = RefereeDriver.playing();
    expect(r.send({ type: 'operator', action: { kind: 'agree' }, atMs: 1 })).toEqual([]);
  });
});
