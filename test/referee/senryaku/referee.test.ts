import { describe, expect, it } from 'vitest';
import { RefereeDriver } from './driver.ts';

describe('Senryaku referee: setup and moves', () => {
  it('starts a game when the start position stands', () => {
    const r = new RefereeDriver();
    r.snapshotOf('bbbBbbb/7/7/7/7/wwwWww1 w - -');
    expect(r.last('setup')).toMatchObject({ missing: ['g1'], extra: [] });
    expect(r.state.phase).toBe('setup');
    r.place('g1');
    expect(r.last('game-started')).toMatchObject({
      game: 1,
      players: { white: 'A', black: 'B' },
      position: 'bbbBbbb/7/7/7/7/wwwWwww w - -',
    });
    expect(r.state.phase).toBe('play');
  });

  it('does not start on a tipped board', () => {
    const r = new RefereeDriver();
    r.snapshotOf('bbbBbbb/7/7/7/7/wwwWwww w - -', 'white');
    expect(r.state.phase).toBe('setup');
    r.level();
    expect(r.types()).toContain('game-started');
  });

  it('accepts a lift then a legal placement as a move', () => {
    const r = RefereeDriver.playing();
    expect(r.lift('a1')).toEqual([expect.objectContaining({ type: 'lifted', side: 'white', well: 'a1', destinations: ['a2', 'b2'] })]);
    const v = r.place('a2');
    expect(v[0]).toMatchObject({ type: 'move', side: 'white', move: 'a1-a2', position: 'bbbBbbb/7/7/7/w6/1wwWwww b a2 -' });
    expect(v[0]?.type === 'move' && v[0].balance?.tipMargin).toEqual({ black: 5.5, white: 7.5 });
  });

  it('touch move: a lifted sphere put back must still be the one moved', () => {
    const r = RefereeDriver.playing();
    r.lift('a1');
    expect(r.place('a1')[0]).toMatchObject({ type: 'touch-move', well: 'a1' });
    expect(r.lift('b1')[0]).toMatchObject({
      type: 'foul',
      code: 'TouchMove',
      side: 'white',
      restore: [{ action: 'put-back', well: 'b1', sphere: 'w' }],
    });
    r.place('b1');
    expect(r.last('restored')).toBeDefined();
    r.lift('a1');
    expect(r.place('b2')[0]).toMatchObject({ type: 'move', move: 'a1-b2' });
  });
});

describe('Senryaku referee: fouls', () => {
  it('lifting a locked sphere is a foul; putting it back restores play', () => {
    const r = RefereeDriver.playing();
    r.move('a1-a2');
    r.move('g6-g5');
    const v = r.lift('a2');
    expect(v[0]).toMatchObject({
      type: 'foul',
      code: 'LockedSphere',
      side: 'white',
      count: 1,
      restore: [{ action: 'put-back', well: 'a2', sphere: 'w' }],
    });
    expect(r.state.phase).toBe('foul');
    expect(r.place('a2')[0]).toMatchObject({ type: 'restored', side: 'white' });
    expect(r.move('b1-b2').at(-1)).toMatchObject({ type: 'move', move: 'b1-b2' });
  });

  it("lifting the opponent's sphere is a foul", () => {
    const r = RefereeDriver.playing();
    expect(r.lift('a6')[0]).toMatchObject({ type: 'foul', code: 'NotYourSphere', side: 'white' });
  });

  it('lifting a sphere with no legal destination is a foul', () => {
    // White's c1 is boxed in by b1, d1 (W), b2, c2, d2.
    const r = RefereeDriver.playing('bbbBbbb/7/7/7/1www3/1wwW3 w - -');
    expect(r.lift('c1')[0]).toMatchObject({ type: 'foul', code: 'NoLegalDestination' });
  });

  it('lifting the enemy coloured sphere with no capture available is a foul', () => {
    const r = RefereeDriver.playing();
    expect(r.lift('d6')[0]).toMatchObject({ type: 'foul', code: 'IllegalCaptureLift' });
  });

  it('placing on an illegal well is a foul with where the sphere must go; completing the move legally clears it', () => {
    const r = RefereeDriver.playing();
    r.lift('a1');
    expect(r.place('a3')[0]).toMatchObject({
      type: 'foul',
      code: 'IllegalPlacement',
      // The move named once: the rules' reason already says "a1 to a3".
      message: 'a1 to a3 is not one well forward, left, right or diagonally forward',
      restore: [{ action: 'move-back', from: 'a3', well: 'a1', sphere: 'w' }],
    });
    r.lift('a3');
    expect(r.place('a2')[0]).toMatchObject({ type: 'move', move: 'a1-a2' });
    expect(r.state.phase).toBe('play');
  });

  it('rolling a sphere instead of lifting it is a foul', () => {
    const r = RefereeDriver.playing();
    expect(r.roll('a1', 'a2')[0]).toMatchObject({
      type: 'foul',
      code: 'Rolled',
      restore: [{ action: 'move-back', from: 'a2', well: 'a1' }],
    });
    r.roll('a2', 'a1');
    expect(r.last('restored')).toBeDefined();
  });

  it('after a roll, lifting the sphere off the wrong well is not yet restored, and putting it back home restores without a touch', () => {
    const r = RefereeDriver.playing();
    r.roll('a1', 'a2');
    expect(r.lift('a2')).toEqual([]); // in hand, on its way back: the board is not the last legal position yet
    expect(r.state.phase).toBe('foul');
    expect(r.place('a1')[0]).toMatchObject({ type: 'restored' });
    expect(r.state.touched).toBeUndefined();
    // Any white sphere may now be moved: no touch-move obligation came of putting it back.
    r.lift('b1');
    expect(r.place('b2')[0]).toMatchObject({ type: 'move', move: 'b1-b2' });
  });

  it('lifting two own spheres at once is a foul; putting one back resumes the move', () => {
    const r = RefereeDriver.playing();
    r.lift('a1');
    expect(r.lift('b1')[0]).toMatchObject({ type: 'foul', code: 'TwoSpheresLifted' });
    expect(r.place('b1')[0]).toMatchObject({ type: 'restored' });
    expect(r.place('a2')[0]).toMatchObject({ type: 'move', move: 'a1-a2' });
  });

  it('a sphere from nowhere is a foul', () => {
    const r = RefereeDriver.playing('bbbBbbb/7/7/7/7/wwwWww1 w - -');
    expect(r.place('d4')[0]).toMatchObject({ type: 'foul', code: 'UnexpectedSphere', restore: [{ action: 'remove', well: 'd4' }] });
  });

  it('casual policy counts fouls and never forfeits', () => {
    const r = RefereeDriver.playing();
    for (let i = 0; i < 3; i++) {
      r.lift('a6');
      r.place('a6');
    }
    expect(r.last('foul')?.count).toBe(3);
    expect(r.types()).not.toContain('forfeit');
  });

  it('tournament policy: the second foul of a side in a game forfeits it', () => {
    const r = RefereeDriver.playing(undefined, { policy: 'tournament' });
    r.lift('a6');
    r.place('a6');
    r.lift('a6');
    expect(r.last('forfeit')).toMatchObject({ loser: 'white', reason: 'fouls' });
    expect(r.last('game-over')).toMatchObject({ winner: 'black', winnerPlayer: 'B', reason: 'fouls', points: 1, score: { A: 0, B: 1 } });
  });
});

describe('Senryaku referee: captures', () => {
  it('captures with the captured sphere lifted first, and records the order', () => {
    const r = RefereeDriver.playing('7/2B4/2W4/7/7/7 w - -');
    expect(r.lift('c5')[0]).toMatchObject({ type: 'capture-started', order: 'captured-first' });
    r.lift('c4');
    expect(r.place('c5')[0]).toMatchObject({ type: 'move', move: 'c4xc5', captureOrder: 'captured-first' });
    expect(r.types()).not.toContain('game-over');
    r.tick(1600);
    expect(r.last('game-over')).toMatchObject({ winner: 'white', reason: 'capture', points: 2, score: { A: 2, B: 0 } });
  });

  it('accepts the capturer lifted first', () => {
    const r = RefereeDriver.playing('7/2B4/2W4/7/7/7 w - -');
    r.lift('c4');
    expect(r.lift('c5')[0]).toMatchObject({ type: 'capture-started', order: 'capturer-first' });
    expect(r.place('c5')[0]).toMatchObject({ type: 'move', move: 'c4xc5', captureOrder: 'capturer-first' });
  });

  it('a capture whose placement tips the board is a crash: the capturer loses', () => {
    const r = RefereeDriver.playing('7/2B4/2W4/7/7/7 w - -');
    r.move('c4xc5');
    r.tip('black', 200);
    expect(r.last('crash')).toMatchObject({ loser: 'white', during: 'place', well: 'c5' });
    expect(r.last('game-over')).toMatchObject({ winner: 'black', reason: 'crash', points: 1 });
    r.tick(5000);
    expect(r.verdicts.filter((v) => v.type === 'game-over')).toHaveLength(1);
  });
});

describe('Senryaku referee: crashes, forfeits', () => {
  it('a crash on a lift: the lifter loses', () => {
    const r = RefereeDriver.playing();
    r.lift('a1');
    r.tip('black');
    expect(r.last('crash')).toMatchObject({ loser: 'white', toward: 'black', during: 'lift', well: 'a1' });
    expect(r.last('game-over')).toMatchObject({ winner: 'black', reason: 'crash', points: 1 });
  });

  it('a crash is said the moment the tilt switch closes; whose action it was follows when the window closes', () => {
    const r = RefereeDriver.playing();
    r.lift('a1');
    expect(r.tipOnly('black')).toEqual([{ type: 'board-tipped', toward: 'black', atMs: r.t }]);
    expect(r.tick(r.state.settings.tipAttributionMs - 1).map((v) => v.type)).toEqual([]);
    expect(
      r
        .tick(1)
        .map((v) => v.type)
        .filter((t) => t !== 'model-disagreement'),
    ).toEqual(['crash', 'game-over']);
    expect(r.last('crash')).toMatchObject({ loser: 'white', during: 'lift', well: 'a1' });
  });

  it('a crash just after a placement is the placer’s, even though the turn passed', () => {
    const r = RefereeDriver.playing();
    r.move('a1-a2');
    r.tip('white', 800);
    expect(r.last('crash')).toMatchObject({ loser: 'white', during: 'place', well: 'a2' });
  });

  it('a crash long after the last placement, with nobody touching, is the side to move’s', () => {
    const r = RefereeDriver.playing();
    r.move('a1-a2');
    r.tick(3000);
    r.tip('white', 100);
    expect(r.last('crash')).toMatchObject({ loser: 'black' });
  });

  it('the tilt switches win over the model: a tip the model did not predict is logged', () => {
    const r = RefereeDriver.playing();
    r.lift('a1');
    r.tip('white');
    expect(r.last('model-disagreement')).toMatchObject({ kind: 'sensor-tipped', lifted: ['a1'] });
  });

  it('a tip the model predicted but the board did not make is logged, and play goes on', () => {
    // W d2, w c4, B d6, b a6: Σy at the limit; lifting W d2 tips it in the model.
    const r = RefereeDriver.playing('b2B3/7/2w4/7/3W3/7 w - -');
    r.lift('d2');
    r.tick(800);
    expect(r.last('model-disagreement')).toMatchObject({ kind: 'model-tipped', lifted: ['d2'] });
    expect(r.place('d3')[0]).toMatchObject({ type: 'move', move: 'd2-d3' });
  });

  it('a side with no legal move loses at the start of its turn', () => {
    // Black's only sphere besides B... B on a1 boxed by white plains on a2? Black moves toward rank 1:
    // B on b2 with white plains on a1, b1, c1, a2, c2 has nowhere to go once White fills... simpler:
    // White moves b3-b2? Use: Black B on a1 (cannot move down), b1 white plain, b2? Black forward is
    // toward rank 1, so a sphere on rank 1 can only go sideways: B a1 with w b1 is stuck.
    const r = RefereeDriver.playing('7/7/7/7/2W4/Bw5 w - -');
    r.move('c2-c3');
    expect(r.last('forfeit')).toMatchObject({ loser: 'black', reason: 'no-move' });
    expect(r.last('game-over')).toMatchObject({ winner: 'white', reason: 'no-move', points: 1 });
  });

  it('holding the board beyond the grace time forfeits the game of the side to move', () => {
    const r = RefereeDriver.playing();
    r.hold('start');
    r.tick(1000);
    expect(r.types()).not.toContain('forfeit');
    r.tick(1100);
    expect(r.last('forfeit')).toMatchObject({ loser: 'white', reason: 'holding' });
    expect(r.last('game-over')).toMatchObject({ winner: 'black', reason: 'holding' });
  });

  it('a short touch of the board is not holding it', () => {
    const r = RefereeDriver.playing();
    r.hold('start');
    r.hold('end', 500);
    r.tick(5000);
    expect(r.types()).not.toContain('forfeit');
  });
});

describe('Senryaku referee: the match', () => {
  it('plays games until a player reaches the end of the track, alternating colours', () => {
    const r = RefereeDriver.playing(undefined, { match: { trackLength: 3, colours: 'alternate' } });
    // Game 1: A (White) crashes on a lift: B scores 1.
    r.lift('a1');
    r.tip('black');
    expect(r.last('game-over')).toMatchObject({ game: 1, winner: 'black', winnerPlayer: 'B', score: { A: 0, B: 1 } });
    // The board is reset to the start: game 2 with B on White.
    r.level();
    r.cleared();
    r.snapshotOf('bbbBbbb/7/7/7/7/wwwWwww w - -');
    expect(r.last('game-started')).toMatchObject({ game: 2, players: { white: 'B', black: 'A' } });
    // B (White) crashes again: A scores.
    r.lift('a1');
    r.tip('black');
    expect(r.last('game-over')).toMatchObject({ game: 2, winnerPlayer: 'A', score: { A: 1, B: 1 } });
    r.level();
    r.cleared();
    r.snapshotOf('bbbBbbb/7/7/7/7/wwwWwww w - -');
    // Game 3, A White: White lifts a black sphere twice under tournament? casual: crash by Black instead.
    r.move('a1-a2');
    r.lift('g6');
    r.tip('white');
    expect(r.last('game-over')).toMatchObject({ game: 3, winnerPlayer: 'A', score: { A: 2, B: 1 } });
    r.level();
    r.cleared();
    r.snapshotOf('bbbBbbb/7/7/7/7/wwwWwww w - -');
    r.lift('a1');
    r.tip('black');
    expect(r.last('match-over')).toMatchObject({ winner: 'A', score: { A: 3, B: 1 }, games: 4 });
    expect(r.state.phase).toBe('match-over');
  });

  it('after a game the board must change before a start position counts as the next setup', () => {
    const r = RefereeDriver.playing(undefined, { policy: 'tournament' });
    r.lift('a6');
    r.place('a6');
    r.lift('a6');
    expect(r.state.phase).toBe('game-over');
    r.place('a6');
    // The board touched and back at the start: the next game begins.
    expect(r.last('game-started')).toMatchObject({ game: 2 });
  });
});

describe('Senryaku referee: resync', () => {
  it('after a restart, reports the wells that differ until the board matches', () => {
    const r = RefereeDriver.playing();
    r.move('a1-a2');
    r.snapshotOf('bbbBbbb/7/7/7/7/wwwWwww b - -');
    expect(r.last('resync-needed')).toMatchObject({
      differences: [
        { well: 'a1', expected: 'empty', sensed: 'sphere' },
        { well: 'a2', expected: 'w', sensed: 'empty' },
      ],
    });
    r.lift('a1');
    r.place('a2');
    expect(r.last('resync-done')).toMatchObject({ position: 'bbbBbbb/7/7/7/w6/1wwWwww b a2 -' });
    expect(r.move('g6-g5').at(-1)).toMatchObject({ type: 'move', side: 'black' });
  });
});

describe('Senryaku referee: snapshots', () => {
  it('a snapshot that agrees with the referee’s account during play says nothing', () => {
    const r = RefereeDriver.playing();
    r.move('a1-a2');
    r.snapshotOf('bbbBbbb/7/7/7/w6/1wwWwww b a2 -');
    expect(r.types()).toEqual(['lifted', 'move']);
    expect(r.state.phase).toBe('play');
  });
});

describe('Senryaku referee: a first position other than the start', () => {
  it('game 1 starts from it, game 2 from the start position', async () => {
    const { parseSpn } = await import('../../../src/games/senryaku/rules/index.ts');
    const first = parseSpn('7/2B4/2W4/7/7/7 w - -');
    if (!first.ok) throw new Error(first.error.message);
    const r = new RefereeDriver({ firstPosition: first.value });
    r.snapshotOf('7/2B4/2W4/7/7/7 w - -');
    expect(r.last('game-started')).toMatchObject({ game: 1, position: '7/2B4/2W4/7/7/7 w - -' });
    r.move('c4xc5');
    r.tick(2000);
    expect(r.last('game-over')).toMatchObject({ reason: 'capture' });
    r.snapshotOf('bbbBbbb/7/7/7/7/wwwWwww w - -');
    expect(r.last('game-started')).toMatchObject({ game: 2, position: 'bbbBbbb/7/7/7/7/wwwWwww w - -' });
  });
});

describe('Senryaku referee: setting up after a game', () => {
  it('spheres taken off and put back in any order make the start position', () => {
    const r = RefereeDriver.playing('7/2B4/2W4/7/7/7 w - -');
    r.move('c4xc5');
    r.tick(2000);
    expect(r.state.phase).toBe('game-over');
    r.lift('c5');
    for (const w of ['a1', 'b1', 'c1', 'd1', 'e1', 'f1', 'g1', 'a6', 'b6', 'c6', 'd6', 'e6', 'f6']) r.place(w, 50);
    expect(r.types()).not.toContain('game-started');
    r.place('g6');
    expect(r.last('game-started')).toMatchObject({ game: 2 });
  });
});

describe('Senryaku referee: crash attribution', () => {
  it('the tilt switches answer before the load cells: the lift sensed just after the tip is what caused it, the spill is not', () => {
    const r = RefereeDriver.playing();
    r.tipOnly('black', 300);
    expect(r.types()).not.toContain('crash');
    r.lift('a1', 20);
    r.lift('g6', 200);
    r.lift('f6', 10);
    r.tick(300);
    expect(r.last('crash')).toMatchObject({ loser: 'white', during: 'lift', well: 'a1', toward: 'black' });
    expect(r.types()).not.toContain('foul');
    expect(r.last('model-disagreement')).toMatchObject({ kind: 'sensor-tipped', lifted: ['a1'] });
  });
});

describe('Senryaku referee: a crash as a sphere lands', () => {
  it('a tip while a sphere is held long after its lift is the landing: during a placement, no calibration alarm', () => {
    const r = RefereeDriver.playing('b2B3/7/2w4/7/3W3/7 w - -');
    r.lift('c4');
    r.tip('black', 900);
    expect(r.last('crash')).toMatchObject({ loser: 'white', during: 'place', toward: 'black' });
    expect(r.last('crash')?.well).toBeUndefined();
    expect(r.types()).not.toContain('model-disagreement');
  });
});
