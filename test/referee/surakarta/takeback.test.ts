// Takeback in Surakarta: a step or a capture put back by hand (the captured piece set back
// from off the board) is taken back in casual play, the foul the way back drew withdrawn; the
// tournament policy refuses it.
import { describe, expect, it } from 'vitest';
import { START_POSITION } from '../../../src/games/surakarta/rules/index.ts';
import { SkDriver } from './driver.ts';

/** a2 can capture b1 (round the small loop at a1), f2 can capture e1. */
const TWO_CAPTURES = '6/6/6/6/x4x/1o2o1 x';

describe('Surakarta referee: takeback in casual play', () => {
  it('a step put back is taken back, the foul of its lift withdrawn', () => {
    const r = SkDriver.playing();
    r.move('a2-a3');
    expect(r.lift('a3')).toMatchObject([{ type: 'foul', code: 'NotYourSphere', side: 'dark' }]);
    expect(r.place('a2')).toEqual([
      {
        type: 'takeback',
        side: 'light',
        plies: 1,
        moves: [{ side: 'light', move: 'a2-a3' }],
        position: START_POSITION,
        withdrawn: { side: 'dark', code: 'NotYourSphere' },
        atMs: r.t,
      },
    ]);
    expect(r.snapshot()).toMatchObject({ phase: 'play', turn: 'light', position: START_POSITION, fouls: { light: 0, dark: 0 } });
    expect(r.move('b2-b3').at(-1)).toMatchObject({ type: 'move', side: 'light', move: 'b2-b3' });
  });

  it('a capture put back: the capturer home, the captured piece set back from off the board', () => {
    const r = SkDriver.playing(TWO_CAPTURES);
    r.move('a2xb1');
    // Dark may capture the piece on b1: lifting it starts that capture, as far as the referee can tell.
    expect(r.lift('b1')).toMatchObject([{ type: 'capture-started', side: 'dark', captured: 'b1' }]);
    // Set down on a point it cannot go to, Light's piece is a foul until the board shows the position before the capture.
    expect(r.place('a2')).toMatchObject([{ type: 'foul', code: 'IllegalPlacement', side: 'dark' }]);
    expect(r.place('b1')).toMatchObject([
      {
        type: 'takeback',
        side: 'light',
        moves: [{ side: 'light', move: 'a2xb1' }],
        position: TWO_CAPTURES,
        withdrawn: { side: 'dark', code: 'IllegalPlacement' },
      },
    ]);
    // The game goes on from there, the capture open again.
    expect(r.move('f2xe1').at(-1)).toMatchObject({ type: 'move', move: 'f2xe1' });
  });

  it('the captured piece not set back: no takeback; the capturer back where it was restores the board', () => {
    const r = SkDriver.playing(TWO_CAPTURES);
    r.move('a2xb1');
    r.play('lift b1, place a2');
    expect(r.types()).not.toContain('takeback');
    expect(r.play('lift a2, place b1')[0]).toMatchObject({ type: 'restored', side: 'dark' });
    expect(r.snapshot()).toMatchObject({ phase: 'play', turn: 'dark', position: '6/6/6/6/5x/1x2o1 o' });
  });

  it('two plies: the reply and the move before it', () => {
    const r = SkDriver.playing(undefined, { takebackPlies: 2 });
    r.move('a2-a3');
    r.advise('computer', 'a5-a4');
    r.move('a5-a4');
    expect(r.play('lift a4, place a5, lift a3, place a2')).toMatchObject([
      { type: 'foul', code: 'NotYourSphere', side: 'light' },
      {
        type: 'takeback',
        side: 'light',
        plies: 2,
        moves: [
          { side: 'light', move: 'a2-a3' },
          { side: 'dark', move: 'a5-a4' },
        ],
        position: START_POSITION,
        withdrawn: { side: 'light' },
      },
    ]);
  });
});

describe('Surakarta referee: what is no takeback', () => {
  it("two plies, the person's own piece back first: a step back is a legal move, and is made", () => {
    const r = SkDriver.playing(undefined, { takebackPlies: 2 });
    r.move('a2-a3');
    r.move('a5-a4');
    expect(r.play('lift a3, place a2').at(-1)).toMatchObject({ type: 'move', side: 'light', move: 'a3-a2' });
  });

  it('the last piece captured ends the game: it is not taken back', () => {
    const r = SkDriver.playing('6/6/6/6/x5/1o4 x');
    r.move('a2xb1');
    expect(r.last('game-over')).toMatchObject({ winner: 'light' });
    r.play('lift b1, place a2, place b1');
    expect(r.types()).not.toContain('takeback');
  });
});

describe('Surakarta referee: takeback under the tournament policy', () => {
  it('a foul, and the refusal when the board shows the position before', () => {
    const r = SkDriver.playing(undefined, { policy: 'tournament' });
    r.move('a2-a3');
    expect(r.lift('a3')).toMatchObject([{ type: 'foul', code: 'NotYourSphere', side: 'dark' }]);
    expect(r.place('a2')).toMatchObject([
      { type: 'notice', message: "takeback refused: tournament policy (light's a2-a3 stands: put the board back as it was)" },
    ]);
    expect(r.play('lift a2, place a3')).toMatchObject([{ type: 'restored', side: 'dark' }]);
  });
});
