// The referee engine on a third game written only against its interface (toy-rules.ts): the
// generic refereeing every game gets without a line of its own.
import { describe, expect, it } from 'vitest';
import { ToyDriver, START } from './driver.ts';
import { toyReferee } from './toy-rules.ts';

/** Red on a1 may take Blue's only stone, on b2. */
const ONE_CAPTURE = 'r...b.... r';

describe('referee engine: setup, moves and captures of any game', () => {
  it('says the setup until the start position stands, then starts the game', () => {
    const r = new ToyDriver();
    expect(r.found('r......bb r')).toMatchObject([{ type: 'setup', game: 1, missing: ['b1'], extra: [] }]);
    expect(r.place('b1')).toMatchObject([{ type: 'game-started', game: 1, players: { red: 'A', blue: 'B' }, position: START }]);
    expect(r.state.phase).toBe('play');
  });

  it('a lift names the destinations; the placement on one is the move', () => {
    const r = ToyDriver.playing();
    expect(r.lift('a1')).toEqual([{ type: 'lifted', side: 'red', well: 'a1', destinations: ['a2', 'b2'], atMs: r.t }]);
    expect(r.place('a2')).toEqual([{ type: 'move', side: 'red', move: 'a1-a2', position: '.r.r...bb b', atMs: r.t }]);
    expect(r.snapshot()).toMatchObject({ phase: 'play', turn: 'blue', position: '.r.r...bb b' });
  });

  it('a capture in either order; taking the last stone ends the game, and the next setup is said', () => {
    const first = ToyDriver.playing(ONE_CAPTURE);
    expect(first.play('lift b2, lift a1, place b2')).toMatchObject([
      { type: 'capture-started', side: 'red', captured: 'b2', order: 'captured-first' },
      { type: 'lifted', side: 'red', well: 'a1', destinations: ['b2'] },
      { type: 'move', move: 'a1xb2', position: '....r.... b', captureOrder: 'captured-first' },
      { type: 'game-over', game: 1, winner: 'red', winnerPlayer: 'A', reason: 'all-captured', points: 1, score: { A: 1, B: 0 } },
      { type: 'setup', game: 2, missing: ['a1', 'b1', 'b3', 'c3'], extra: ['b2'] },
    ]);
    const second = ToyDriver.playing(ONE_CAPTURE);
    expect(second.play('lift a1, lift b2, place b2').slice(0, 3)).toMatchObject([
      { type: 'lifted', destinations: ['b1', 'a2', 'b2'] },
      { type: 'capture-started', captured: 'b2', order: 'capturer-first' },
      { type: 'move', move: 'a1xb2', captureOrder: 'capturer-first' },
    ]);
  });

  it('the match ends when a player reaches the target', () => {
    const r = ToyDriver.playing(ONE_CAPTURE, { target: 1 });
    r.play('lift b2, lift a1, place b2');
    expect(r.verdicts.at(-1)).toEqual({ type: 'match-over', winner: 'A', score: { A: 1, B: 0 }, games: 1, atMs: r.t });
    expect(r.state.phase).toBe('match-over');
    expect(r.snapshot()).toMatchObject({ phase: 'match-over', game: 1, winner: 'A' });
  });
});

describe('referee engine: fouls and touch move', () => {
  it('a stone lifted and put back must be the one moved', () => {
    const r = ToyDriver.playing();
    expect(r.play('lift a1, place a1')).toMatchObject([
      { type: 'lifted' },
      { type: 'touch-move', side: 'red', well: 'a1', message: 'the stone on a1 was lifted: it must be moved (touch move)' },
    ]);
    expect(r.lift('b1')).toMatchObject([
      {
        type: 'foul',
        code: 'TouchMove',
        side: 'red',
        message: 'red touched the stone on a1: that stone must be moved, not b1',
        restore: [{ action: 'put-back', well: 'b1', sphere: 'r' }],
        count: 1,
      },
    ]);
    expect(r.place('b1')).toMatchObject([{ type: 'restored', side: 'red', position: START }]);
    expect(r.play('lift a1, place a2').at(-1)).toMatchObject({ type: 'move', move: 'a1-a2' });
  });

  it("the other side's stone, a roll, a stone from nowhere: fouls with how to put the board right", () => {
    const r = ToyDriver.playing();
    expect(r.lift('b3')).toMatchObject([{ type: 'foul', code: 'NotYourSphere', message: 'no stone of red can take the stone on b3' }]);
    expect(r.snapshot()).toMatchObject({
      phase: 'foul',
      fouls: { red: 1, blue: 0 },
      pendingFoul: { code: 'NotYourSphere', side: 'red', restore: [{ action: 'put-back', well: 'b3', sphere: 'b' }] },
    });
    r.place('b3');
    expect(r.roll('a1', 'a2')).toMatchObject([
      { type: 'foul', code: 'Rolled', message: 'the stone on a1 slid to a2: stones must be lifted', count: 2 },
    ]);
    expect(r.last('foul')?.restore).toEqual([{ action: 'move-back', well: 'a1', from: 'a2', sphere: 'r' }]);
    r.roll('a2', 'a1');
    expect(r.last('restored')).toBeDefined();
    expect(r.place('c2')).toMatchObject([
      { type: 'foul', code: 'UnexpectedSphere', message: 'a stone was placed on c2 that nobody had lifted', count: 3 },
    ]);
    expect(r.lift('c2')).toMatchObject([{ type: 'restored' }]);
  });

  it('tournament policy: a side forfeits the game at its second foul', () => {
    const r = ToyDriver.playing(START, { policy: 'tournament' });
    r.play('lift b3, place b3');
    expect(r.lift('c3')).toMatchObject([
      { type: 'foul', count: 2 },
      { type: 'forfeit', loser: 'red', reason: 'fouls', message: "red's second foul this game (tournament policy)" },
      { type: 'game-over', winner: 'blue', winnerPlayer: 'B', reason: 'fouls', points: 1, score: { A: 0, B: 1 } },
      { type: 'setup', game: 2 },
    ]);
  });
});

describe('referee engine: holding the board, and its attribution', () => {
  const heldForfeit = (): ToyDriver => {
    const r = ToyDriver.playing();
    r.hold('start');
    expect(r.tick(1999)).toEqual([]);
    expect(r.tick(1)).toMatchObject([
      { type: 'forfeit', loser: 'red', reason: 'holding', message: "the board was held for 2.0 s during red's turn" },
      { type: 'game-over', winner: 'blue', reason: 'holding' },
      { type: 'setup', game: 2 },
    ]);
    return r;
  };

  it('to nobody: the forfeit is withdrawn and the game goes on once the board matches it', () => {
    const r = heldForfeit();
    expect(r.attribute('none')).toMatchObject([
      {
        type: 'attributed',
        game: 1,
        to: 'none',
        message: "nobody at the table held the board: red's forfeit of game 1 is withdrawn and the game goes on, red to move",
        score: { A: 0, B: 0 },
      },
      { type: 'resync-done', position: START },
    ]);
    expect(r.attribute('blue')).toMatchObject([
      { type: 'notice', message: 'attribution refused: no game has ended: there is no holding to attribute' },
    ]);
  });

  it('to the other side: that side forfeits the game instead; refusals say why', () => {
    const r = heldForfeit();
    expect(r.attribute('green')).toMatchObject([
      { type: 'notice', message: "attribution refused: 'green' is not a side of Skirmish: attribute red, blue or none" },
    ]);
    expect(r.attribute('blue')).toMatchObject([
      {
        type: 'attributed',
        to: 'blue',
        message: "blue held the board: red's forfeit of game 1 is withdrawn, and blue forfeits it instead",
      },
      { type: 'forfeit', loser: 'blue', reason: 'holding', message: 'the operator attributes the holding to blue' },
      { type: 'game-over', game: 1, winner: 'red', winnerPlayer: 'A', reason: 'holding', score: { A: 1, B: 0 } },
      { type: 'setup', game: 2 },
    ]);
    expect(r.attribute('blue')).toMatchObject([
      { type: 'notice', message: 'attribution refused: blue already forfeited game 1 for holding the board: that changes nothing' },
    ]);
  });
});

describe('referee engine: what any board may report', () => {
  it('an event off the grid is ignored with a notice', () => {
    const r = ToyDriver.playing();
    expect(r.send({ type: 'lifted', well: 9, atMs: 1 })).toEqual([
      { type: 'notice', message: 'ignored a lifted event at cell 9, off the 3×3 board', atMs: 1 },
    ]);
    expect(r.state.phase).toBe('play');
  });

  it('a game whose board has no physics of its own ignores tilt reports', () => {
    const r = new ToyDriver();
    expect(r.found(START, { tipped: 'white' })).toMatchObject([{ type: 'game-started' }]);
    expect(r.send({ type: 'tipped', toward: 'black', atMs: r.t + 1 })).toEqual([]);
    expect(r.send({ type: 'levelled', atMs: r.t + 2 })).toEqual([]);
    expect(r.state.phase).toBe('play');
  });

  it('a restart finds the board moved: resynced with the game (a stone sensed is of no known side)', () => {
    const r = ToyDriver.playing();
    expect(r.found('.r.r...bb r', { resumed: true })).toMatchObject([
      {
        type: 'resync-needed',
        differences: [
          { well: 'a1', expected: 'r', sensed: 'empty' },
          { well: 'a2', expected: 'empty', sensed: 'sphere' },
        ],
        restore: [
          { action: 'remove', well: 'a2' },
          { action: 'put-back', well: 'a1', sphere: 'r' },
        ],
      },
    ]);
    expect(r.play('lift a2, place a1')).toMatchObject([{ type: 'resync-needed' }, { type: 'resync-done', position: START }]);
  });

  it('a match nobody can play is refused when the referee is made', () => {
    expect(() => toyReferee({ target: 0 })).toThrow(TypeError);
    expect(toyReferee().ruleset).toBe('skirmish');
  });
});
