// The Surakarta referee in play: setting up, steps, captures in either lift order, a whole game, a pass.
import { describe, expect, it } from 'vitest';
import { surakartaReferee } from '../../../src/games/surakarta/referee.ts';
import { START_POSITION } from '../../../src/games/surakarta/rules/index.ts';
import { SkDriver, position } from './driver.ts';

/** a2 can capture b1 (round the small loop at a1), f2 can capture e1; neither can capture the other's target. */
const TWO_CAPTURES = '6/6/6/6/x4x/1o2o1 x';

describe('Surakarta referee: setup', () => {
  it('names the points to fill and to clear, and starts the game once the start position stands', () => {
    const r = new SkDriver();
    r.snapshotOf('oooooo/ooooo1/o5/6/xxxxxx/xxxxx1 x');
    expect(r.last('setup')).toEqual({ type: 'setup', game: 1, missing: ['f1', 'f5'], extra: ['a4'], atMs: r.t });
    r.lift('a4');
    r.place('f5');
    expect(r.types()).not.toContain('game-started');
    r.place('f1');
    expect(r.last('game-started')).toMatchObject({ game: 1, position: START_POSITION });
    expect(r.state.phase).toBe('play');
  });

  it('lists the players in playing order: Light (A in game 1) first', () => {
    const r = new SkDriver();
    r.snapshotOf(START_POSITION);
    const started = r.last('game-started');
    expect(started?.players).toEqual({ light: 'A', dark: 'B' });
    expect(Object.keys(started?.players ?? {})).toEqual(['light', 'dark']);
    expect(r.types()).toEqual(['game-started']);
  });

  it('does not start while a hand is on the board', () => {
    const r = new SkDriver();
    r.hold('start');
    r.snapshotOf(START_POSITION);
    expect(r.state.phase).toBe('setup');
    r.hold('end');
    expect(r.last('game-started')).toBeDefined();
  });

  it('game 1 may start from a first position', () => {
    const r = new SkDriver({ firstPosition: position(TWO_CAPTURES) });
    r.snapshotOf(TWO_CAPTURES);
    expect(r.last('game-started')).toMatchObject({ position: TWO_CAPTURES });
  });

  it('is a RulesetReferee named surakarta, and rejects a match nobody can play', () => {
    expect(surakartaReferee().ruleset).toBe('surakarta');
    expect(() => surakartaReferee({ policy: 'casual', holdingGraceMs: 2000, match: { kind: 'games', games: 0 } })).toThrow(TypeError);
  });
});

describe('Surakarta referee: steps', () => {
  it('a lift names the destinations; a placement on a neighbouring empty point is the move', () => {
    const r = SkDriver.playing();
    expect(r.lift('b2')).toEqual([{ type: 'lifted', side: 'light', well: 'b2', destinations: ['a3', 'b3', 'c3'], atMs: r.t }]);
    expect(r.place('c3')).toEqual([
      { type: 'move', side: 'light', move: 'b2-c3', position: 'oooooo/oooooo/6/2x3/x1xxxx/xxxxxx o', atMs: r.t },
    ]);
    expect(r.move('e5-d4').at(-1)).toMatchObject({ type: 'move', side: 'dark', move: 'e5-d4' });
  });

  it('destinations include capture targets', () => {
    const r = SkDriver.playing(TWO_CAPTURES);
    expect(r.lift('a2')[0]).toMatchObject({ destinations: ['a1', 'a3', 'b1', 'b2', 'b3'] });
  });

  it('ignores tilt reports (the board cannot tip) and ticks', () => {
    const r = SkDriver.playing();
    r.send({ type: 'tipped', toward: 'white', atMs: 1 });
    r.send({ type: 'levelled', atMs: 2 });
    r.tick(10_000);
    expect(r.verdicts).toEqual([]);
    expect(r.state.phase).toBe('play');
  });

  it('an event off the 6×6 grid is ignored with a notice', () => {
    const r = SkDriver.playing();
    expect(r.send({ type: 'lifted', well: 40, atMs: 1 })).toEqual([expect.objectContaining({ type: 'notice' })]);
    expect(r.state.phase).toBe('play');
  });
});

describe('Surakarta referee: captures', () => {
  it('captured piece lifted first: capture-started, then the capturer lifted and placed', () => {
    const r = SkDriver.playing(TWO_CAPTURES);
    expect(r.lift('b1')).toEqual([{ type: 'capture-started', side: 'light', captured: 'b1', order: 'captured-first', atMs: r.t }]);
    expect(r.lift('a2')[0]).toMatchObject({ type: 'lifted', well: 'a2', destinations: ['b1'] });
    expect(r.place('b1')[0]).toMatchObject({
      type: 'move',
      side: 'light',
      move: 'a2xb1',
      position: '6/6/6/6/5x/1x2o1 o',
      captureOrder: 'captured-first',
    });
  });

  it('capturer lifted first: capture-started when the enemy piece comes off', () => {
    const r = SkDriver.playing(TWO_CAPTURES);
    r.lift('f2');
    expect(r.lift('e1')[0]).toMatchObject({ type: 'capture-started', captured: 'e1', order: 'capturer-first' });
    expect(r.place('e1')[0]).toMatchObject({ type: 'move', move: 'f2xe1', captureOrder: 'capturer-first' });
  });

  it('the enemy piece put back abandons the capture, and binds no piece by touch move', () => {
    const r = SkDriver.playing(TWO_CAPTURES);
    r.lift('b1');
    expect(r.place('b1')[0]).toMatchObject({ type: 'notice', message: 'the piece on b1 was put back: capture abandoned' });
    expect(r.move('f2-f3').at(-1)).toMatchObject({ type: 'move', move: 'f2-f3' });
  });

  it('with both pieces of a capture in hand, a piece set on the captured point is the capturer (the sensors cannot tell)', () => {
    const r = SkDriver.playing(TWO_CAPTURES);
    r.play('lift a2, lift b1');
    expect(r.place('b1')[0]).toMatchObject({ type: 'move', move: 'a2xb1', captureOrder: 'capturer-first' });
  });

  it('plays a short game to the capture of every enemy piece', () => {
    const r = SkDriver.playing(TWO_CAPTURES);
    r.move('a2xb1');
    r.move('e1-e2');
    r.move('f2xe2', true);
    expect(r.types()).toEqual([
      'capture-started',
      'lifted',
      'move',
      'lifted',
      'move',
      'lifted',
      'capture-started',
      'move',
      'game-over',
      'setup',
    ]);
    expect(r.last('game-over')).toMatchObject({
      game: 1,
      winner: 'light',
      winnerPlayer: 'A',
      reason: 'all-captured',
      points: 2,
      awarded: { A: 2, B: 0 },
      score: { A: 2, B: 0 },
    });
    expect(r.state.phase).toBe('game-over');
  });
});

describe('Surakarta referee: a side with no legal move', () => {
  it('passes at once: a notice, and the same side moves again', () => {
    // Dark's only piece, on a1, is boxed in by b1, a2, b2; a corner point is on no circuit.
    const r = SkDriver.playing('5x/6/6/6/xx4/ox4 x');
    const v = r.move('f6-f5');
    expect(v.map((x) => x.type)).toEqual(['lifted', 'move', 'notice']);
    expect(r.last('notice')?.message).toBe('dark has no legal move and passes: light to move');
    expect(r.state.game.position.turn).toBe('light');
    expect(r.move('f5-f4').map((x) => x.type)).toEqual(['lifted', 'move', 'notice']);
    // Light frees a point next to a1: Dark moves again.
    r.move('b2-c3');
    expect(r.move('a1-b2').at(-1)).toMatchObject({ type: 'move', side: 'dark', move: 'a1-b2' });
  });
});
