// The Breakthrough referee (the engine refereeing Breakthrough's rules): setting up, steps,
// captures in either lift order, fouls and restoring the board, the two ends of a game, forfeits,
// and the match, first to N games won with the sides changing.
import { describe, expect, it } from 'vitest';
import { breakthroughReferee } from '../../../src/games/breakthrough/referee.ts';
import { START_POSITION } from '../../../src/games/breakthrough/rules/index.ts';
import { BtDriver, position } from './driver.ts';

/** White c3 with Black on b4 (diagonal: capturable), c4 (straight ahead: not) and d4. */
const THREE_AHEAD = '6/6/1bbb2/2w3/6/6 w';
/** White one step from the far rank, Black one step from White's home rank. */
const BOTH_CLOSE = '6/2w3/6/6/3b2/6 w';

describe('Breakthrough referee: setup', () => {
  it('names the squares to fill and to clear, and starts the game once the start position stands', () => {
    const r = new BtDriver();
    r.snapshotOf('bbbbbb/bbbbb1/b5/6/wwwwww/wwwww1 w');
    expect(r.last('setup')).toEqual({ type: 'setup', game: 1, missing: ['f1', 'f5'], extra: ['a4'], atMs: r.t });
    r.lift('a4');
    r.place('f5');
    expect(r.types()).not.toContain('game-started');
    r.place('f1');
    expect(r.last('game-started')).toMatchObject({ game: 1, position: START_POSITION, players: { white: 'A', black: 'B' } });
    expect(Object.keys(r.last('game-started')?.players ?? {})).toEqual(['white', 'black']);
    expect(r.state.phase).toBe('play');
  });

  it('game 1 may start from a first position; one already won ends at once', () => {
    const r = new BtDriver({ firstPosition: position(THREE_AHEAD) });
    r.snapshotOf(THREE_AHEAD);
    expect(r.last('game-started')).toMatchObject({ position: THREE_AHEAD });
    const won = '2w3/6/6/6/3b2/6 b';
    const over = new BtDriver({ firstPosition: position(won) });
    over.snapshotOf(won);
    expect(over.last('game-over')).toMatchObject({ game: 1, winner: 'white', reason: 'breakthrough' });
  });

  it('is a RulesetReferee named breakthrough, and rejects a match nobody can play', () => {
    expect(breakthroughReferee().ruleset).toBe('breakthrough');
    expect(() => breakthroughReferee({ policy: 'casual', holdingGraceMs: 2000, firstTo: 0 })).toThrow(TypeError);
  });
});

describe('Breakthrough referee: moves', () => {
  it('a lift names the squares ahead; a placement on one is the move', () => {
    const r = BtDriver.playing();
    expect(r.lift('b2')).toEqual([{ type: 'lifted', side: 'white', well: 'b2', destinations: ['a3', 'b3', 'c3'], atMs: r.t }]);
    expect(r.place('c3')).toEqual([
      { type: 'move', side: 'white', move: 'b2-c3', position: 'bbbbbb/bbbbbb/6/2w3/w1wwww/wwwwww b', atMs: r.t },
    ]);
    expect(r.move('e5-d4').at(-1)).toMatchObject({ type: 'move', side: 'black', move: 'e5-d4' });
  });

  it('the destinations of a piece with enemies ahead: the diagonal captures, never straight ahead', () => {
    const r = BtDriver.playing(THREE_AHEAD);
    expect(r.lift('c3')[0]).toMatchObject({ destinations: ['b4', 'd4'] });
  });

  it('captured piece lifted first, or the capturer first: the same move, its order said', () => {
    const r = BtDriver.playing(THREE_AHEAD);
    expect(r.lift('b4')).toEqual([{ type: 'capture-started', side: 'white', captured: 'b4', order: 'captured-first', atMs: r.t }]);
    expect(r.lift('c3')[0]).toMatchObject({ type: 'lifted', well: 'c3', destinations: ['b4'] });
    expect(r.place('b4')[0]).toMatchObject({ move: 'c3xb4', position: '6/6/1wbb2/6/6/6 b', captureOrder: 'captured-first' });
    const s = BtDriver.playing(THREE_AHEAD);
    s.lift('c3');
    expect(s.lift('d4')[0]).toMatchObject({ type: 'capture-started', captured: 'd4', order: 'capturer-first' });
    expect(s.place('d4')[0]).toMatchObject({ move: 'c3xd4', captureOrder: 'capturer-first' });
  });

  it('ignores tilt reports (the board cannot tip) and ticks', () => {
    const r = BtDriver.playing();
    r.send({ type: 'tipped', toward: 'white', atMs: 1 });
    r.send({ type: 'levelled', atMs: 2 });
    r.tick(10_000);
    expect(r.verdicts).toEqual([]);
    expect(r.state.phase).toBe('play');
  });
});

describe('Breakthrough referee: fouls and restoring the board', () => {
  it('NotYourSphere: an enemy piece nothing can capture, the one straight ahead too; putting it back restores play', () => {
    const r = BtDriver.playing(THREE_AHEAD);
    expect(r.lift('c4')).toEqual([
      expect.objectContaining({
        type: 'foul',
        code: 'NotYourSphere',
        side: 'white',
        message: "the piece on c4 is black's and no piece of white can capture it",
        restore: [{ action: 'put-back', well: 'c4', sphere: 'b' }],
        count: 1,
      }),
    ]);
    expect(r.place('c4')).toEqual([{ type: 'restored', side: 'white', position: THREE_AHEAD, atMs: r.t }]);
    expect(r.move('c3xd4').at(-1)).toMatchObject({ type: 'move', move: 'c3xd4' });
  });

  it('IllegalPlacement: a piece set down where it cannot go (two squares on, or back); completing the move clears it', () => {
    const r = BtDriver.playing();
    r.lift('a2');
    expect(r.place('a4')[0]).toMatchObject({
      type: 'foul',
      code: 'IllegalPlacement',
      message: 'a2 to a4 is not one square forward, straight or diagonally',
      restore: [{ action: 'move-back', from: 'a4', well: 'a2', sphere: 'w' }],
    });
    r.lift('a4');
    expect(r.place('a3').at(-1)).toMatchObject({ type: 'move', move: 'a2-a3' });
    expect(r.state.phase).toBe('play');
  });

  it('TouchMove: a piece touched and put back binds; lifting another is a foul', () => {
    const r = BtDriver.playing();
    r.lift('b2');
    expect(r.place('b2')[0]).toMatchObject({ type: 'touch-move', well: 'b2' });
    expect(r.lift('c2')[0]).toMatchObject({ type: 'foul', code: 'TouchMove', restore: [{ action: 'put-back', well: 'c2' }] });
    r.place('c2');
    expect(r.last('restored')).toBeDefined();
    expect(r.move('b2-b3').at(-1)).toMatchObject({ type: 'move', move: 'b2-b3' });
  });

  it('Rolled: a piece slid instead of lifted; sliding it back restores play', () => {
    const r = BtDriver.playing();
    expect(r.roll('b2', 'b3')[0]).toMatchObject({
      type: 'foul',
      code: 'Rolled',
      message: 'the piece on b2 slid to b3: pieces must be lifted',
      restore: [{ action: 'move-back', from: 'b3', well: 'b2', sphere: 'w' }],
    });
    r.roll('b3', 'b2');
    expect(r.last('restored')).toBeDefined();
  });

  it("under the tournament policy a side's second foul in a game forfeits it", () => {
    const r = BtDriver.playing(undefined, { policy: 'tournament' });
    r.lift('a6');
    r.place('a6');
    r.lift('f6');
    expect(r.last('forfeit')).toMatchObject({ loser: 'white' });
    expect(r.last('game-over')).toMatchObject({ winner: 'black', winnerPlayer: 'B', points: 1, score: { A: 0, B: 1 } });
  });
});

describe('Breakthrough referee: the end of a game', () => {
  it('a piece on the far rank wins: a point to its player, then the setup of the next game', () => {
    const r = BtDriver.playing(BOTH_CLOSE);
    r.move('c5-c6');
    expect(r.types()).toEqual(['lifted', 'move', 'game-over', 'setup']);
    expect(r.last('game-over')).toEqual({
      type: 'game-over',
      game: 1,
      winner: 'white',
      winnerPlayer: 'A',
      reason: 'breakthrough',
      points: 1,
      score: { A: 1, B: 0 },
      atMs: r.t,
    });
  });

  it('Black breaks through on rank 1', () => {
    const r = BtDriver.playing('6/6/2w3/6/3b2/6 w');
    r.move('c4-c5');
    expect(r.types()).not.toContain('game-over');
    r.move('d2-d1');
    expect(r.last('game-over')).toMatchObject({ winner: 'black', winnerPlayer: 'B', reason: 'breakthrough', score: { A: 0, B: 1 } });
  });

  it('capturing the last enemy piece wins', () => {
    const r = BtDriver.playing('6/6/1b4/2w3/6/6 w');
    r.move('c3xb4', true);
    expect(r.last('game-over')).toMatchObject({ winner: 'white', reason: 'all-captured', points: 1 });
  });

  it('a hand on the board past the holding grace forfeits the game of the side to move', () => {
    const r = BtDriver.playing();
    r.hold('start');
    r.tick(2500);
    expect(r.last('forfeit')).toMatchObject({ loser: 'white', reason: 'holding' });
    expect(r.last('game-over')).toMatchObject({ winner: 'black', winnerPlayer: 'B', reason: 'holding', points: 1 });
  });

  it("has no end by agreement: the operator's agree changes nothing", () => {
    const r = BtDriver.playing();
    expect(r.agree()).toEqual([]);
    expect(r.state.phase).toBe('play');
  });
});

describe('Breakthrough referee: the match', () => {
  it('game 2 swaps the sides: B plays White and moves first', () => {
    const r = BtDriver.playing(BOTH_CLOSE);
    r.gameThenNext('c5-c6');
    expect(r.last('game-started')).toMatchObject({ game: 2, position: START_POSITION, players: { white: 'B', black: 'A' } });
    expect(r.move('b2-b3').at(-1)).toMatchObject({ side: 'white' });
  });

  it('first to 2: the first player to win two games wins the match, its track two holes long', () => {
    const r = BtDriver.playing(BOTH_CLOSE, { firstTo: 2 });
    expect(r.snapshot().score).toMatchObject({ trackLength: 2 });
    r.gameThenNext('c5-c6'); // A wins as White
    // Game 2: B (White) loses on time; A (Black) wins again.
    r.hold('start');
    r.tick(2500);
    expect(r.last('game-over')).toMatchObject({ game: 2, winner: 'black', winnerPlayer: 'A', score: { A: 2, B: 0 } });
    expect(r.last('match-over')).toEqual({ type: 'match-over', winner: 'A', score: { A: 2, B: 0 }, games: 2, atMs: r.t });
    expect(r.state.phase).toBe('match-over');
  });

  it('first to 1 is one game', () => {
    const r = BtDriver.playing(BOTH_CLOSE, { firstTo: 1 });
    r.move('c5-c6');
    expect(r.last('match-over')).toMatchObject({ winner: 'A', games: 1 });
  });
});
