// Fouls as for Senryaku (RULES.md): announced at once with how to restore the board; play
// waits until it matches the last legal position again or the move is completed legally.
import { describe, expect, it } from 'vitest';
import { SkDriver } from './driver.ts';

const TWO_CAPTURES = '6/6/6/6/x4x/1o2o1 x';
/** e1 can capture b4 round the loops; b2 cannot: straight up the b file to b4 goes round no loop. */
const NO_LOOP = '6/6/1o4/6/1x4/1x2x1 x';

describe('Surakarta referee: fouls and restoring the board', () => {
  it('NotYourSphere: an enemy piece no piece of the mover can capture; putting it back restores play', () => {
    const r = SkDriver.playing();
    expect(r.lift('a6')).toEqual([
      expect.objectContaining({
        type: 'foul',
        code: 'NotYourSphere',
        side: 'light',
        count: 1,
        restore: [{ action: 'put-back', well: 'a6', sphere: 'o' }],
      }),
    ]);
    expect(r.state.phase).toBe('foul');
    expect(r.place('a6')).toEqual([
      { type: 'restored', side: 'light', position: r.last('game-started')?.position ?? expect.any(String), atMs: r.t },
    ]);
    expect(r.move('b2-c3').at(-1)).toMatchObject({ type: 'move', move: 'b2-c3' });
  });

  it('IllegalPlacement: a step to a point that is not a neighbour; completing the move legally clears it', () => {
    const r = SkDriver.playing();
    r.lift('a2');
    expect(r.place('a4')[0]).toMatchObject({
      type: 'foul',
      code: 'IllegalPlacement',
      message: 'a2 to a4 is not one point in any direction',
      restore: [{ action: 'move-back', from: 'a4', well: 'a2', sphere: 'x' }],
    });
    r.lift('a4');
    expect(r.place('a3')[0]).toMatchObject({ type: 'move', move: 'a2-a3' });
    expect(r.state.phase).toBe('play');
  });

  it('IllegalPlacement: the capturer set down anywhere but on the captured point', () => {
    const r = SkDriver.playing(TWO_CAPTURES);
    r.play('lift b1, lift a2');
    expect(r.place('a3')[0]).toMatchObject({
      type: 'foul',
      code: 'IllegalPlacement',
      message: 'the piece from a2 must land on b1 to capture, not a3',
      restore: [
        { action: 'move-back', from: 'a3', well: 'a2', sphere: 'x' },
        { action: 'put-back', well: 'b1', sphere: 'o' },
      ],
    });
    // Completing the capture clears the foul.
    r.lift('a3');
    expect(r.place('b1')[0]).toMatchObject({ type: 'move', move: 'a2xb1' });
  });

  it('IllegalCaptureLift: the capturer lifted after its target has no circuit path to it', () => {
    const r = SkDriver.playing(NO_LOOP);
    expect(r.lift('b4')[0]).toMatchObject({ type: 'capture-started', captured: 'b4' });
    expect(r.lift('b2')[0]).toMatchObject({
      type: 'foul',
      code: 'IllegalCaptureLift',
      message: 'the piece on b2 cannot capture on b4',
      restore: [
        { action: 'put-back', well: 'b2', sphere: 'x' },
        { action: 'put-back', well: 'b4', sphere: 'o' },
      ],
    });
    // b2 back: the capture under way goes on with the piece that can make it.
    expect(r.place('b2').map((v) => v.type)).toEqual(['restored', 'capture-started']);
    r.lift('e1');
    expect(r.place('b4')[0]).toMatchObject({ type: 'move', move: 'e1xb4', captureOrder: 'captured-first' });
  });

  it('IllegalCaptureLift: an enemy piece lifted after a piece that cannot reach it round a loop', () => {
    const r = SkDriver.playing(NO_LOOP);
    r.lift('b2');
    expect(r.lift('b4')[0]).toMatchObject({ type: 'foul', code: 'IllegalCaptureLift', message: 'the piece from b2 cannot capture on b4' });
    // b4 back: b2 is in hand again, legally lifted; put back, touch move binds it.
    expect(r.place('b4').map((v) => v.type)).toEqual(['restored', 'lifted']);
    expect(r.place('b2')[0]).toMatchObject({ type: 'touch-move', well: 'b2' });
    expect(r.lift('e1')[0]).toMatchObject({ type: 'foul', code: 'TouchMove' });
  });

  it('IllegalCaptureLift: a second enemy piece (a move captures one)', () => {
    const r = SkDriver.playing(TWO_CAPTURES);
    r.lift('b1');
    expect(r.lift('e1')[0]).toMatchObject({ type: 'foul', code: 'IllegalCaptureLift' });
  });

  it('TwoSpheresLifted: a second own piece; putting it back resumes the move with the first', () => {
    const r = SkDriver.playing();
    r.lift('a2');
    expect(r.lift('b2')[0]).toMatchObject({
      type: 'foul',
      code: 'TwoSpheresLifted',
      restore: [
        { action: 'put-back', well: 'a2' },
        { action: 'put-back', well: 'b2' },
      ],
    });
    expect(r.place('b2').map((v) => v.type)).toEqual(['restored', 'lifted']);
    expect(r.place('a3')[0]).toMatchObject({ type: 'move', move: 'a2-a3' });
  });

  it('Rolled: a piece slid instead of lifted; sliding it back restores play', () => {
    const r = SkDriver.playing();
    expect(r.roll('a2', 'a3')[0]).toMatchObject({
      type: 'foul',
      code: 'Rolled',
      message: 'the piece on a2 slid to a3: pieces must be lifted',
      restore: [{ action: 'move-back', from: 'a3', well: 'a2', sphere: 'x' }],
    });
    r.roll('a3', 'a2');
    expect(r.last('restored')).toBeDefined();
    expect(r.state.touched).toBeUndefined();
  });

  it('NoLegalDestination: a boxed-in piece with no capture', () => {
    const r = SkDriver.playing();
    expect(r.lift('a1')[0]).toMatchObject({ type: 'foul', code: 'NoLegalDestination', restore: [{ action: 'put-back', well: 'a1' }] });
  });

  it('a lift sensed where no piece stands is only noted: the board as the referee knows it did not change', () => {
    const r = SkDriver.playing(TWO_CAPTURES);
    expect(r.lift('c3')).toEqual([expect.objectContaining({ type: 'notice' })]);
    expect(r.state.phase).toBe('play');
  });

  it('UnexpectedSphere: a piece set down that nobody lifted', () => {
    const r = SkDriver.playing(TWO_CAPTURES);
    expect(r.place('c3')[0]).toMatchObject({ type: 'foul', code: 'UnexpectedSphere', restore: [{ action: 'remove', well: 'c3' }] });
    r.lift('c3');
    expect(r.last('restored')).toBeDefined();
  });
});

describe('Surakarta referee: touch move', () => {
  it('a lifted piece put back must still be the one moved', () => {
    const r = SkDriver.playing();
    r.lift('b2');
    expect(r.place('b2')[0]).toMatchObject({ type: 'touch-move', side: 'light', well: 'b2' });
    expect(r.lift('c2')[0]).toMatchObject({ type: 'foul', code: 'TouchMove', restore: [{ action: 'put-back', well: 'c2', sphere: 'x' }] });
    r.place('c2');
    expect(r.last('restored')).toBeDefined();
    expect(r.move('b2-b3').at(-1)).toMatchObject({ type: 'move', move: 'b2-b3' });
  });

  it('a move completed with another piece while the touch-move foul stands does not count', () => {
    const r = SkDriver.playing();
    r.play('lift b2, place b2, lift c2, place c3');
    expect(r.types()).not.toContain('move');
    expect(r.state.phase).toBe('foul');
  });

  it('a touched piece that cannot capture may not be excused by lifting an enemy piece', () => {
    const r = SkDriver.playing(NO_LOOP);
    r.play('lift b2, place b2');
    expect(r.lift('b4')[0]).toMatchObject({
      type: 'foul',
      code: 'TouchMove',
      message: 'light touched the piece on b2: it cannot capture on b4',
    });
  });
});

describe('Surakarta referee: foul policy and holding', () => {
  it('casual: fouls are counted and never lose', () => {
    const r = SkDriver.playing();
    for (let i = 0; i < 3; i++) r.play('lift a6, place a6');
    expect(r.last('foul')?.count).toBe(3);
    expect(r.types()).not.toContain('forfeit');
  });

  it("tournament: a side's second foul in a game forfeits it; the winner scores its pieces, the loser none", () => {
    const r = SkDriver.playing(undefined, { policy: 'tournament' });
    r.play('lift a6, place a6, lift a6');
    expect(r.last('forfeit')).toMatchObject({ loser: 'light', reason: 'fouls' });
    expect(r.last('game-over')).toMatchObject({
      winner: 'dark',
      winnerPlayer: 'B',
      reason: 'fouls',
      points: 12,
      awarded: { A: 0, B: 12 },
      score: { A: 0, B: 12 },
    });
  });

  it('fouls count per side and per game', () => {
    const r = SkDriver.playing(undefined, { policy: 'tournament' });
    r.play('lift a6, place a6');
    r.move('b2-c3');
    r.play('lift a2, place a2');
    expect(r.state.fouls).toEqual({ light: 1, dark: 1 });
    expect(r.types()).not.toContain('forfeit');
  });

  it('a hand on the board beyond the grace forfeits the game of the side to move', () => {
    const r = SkDriver.playing();
    r.hold('start');
    r.tick(1500);
    expect(r.types()).not.toContain('forfeit');
    r.tick(600);
    expect(r.last('forfeit')).toMatchObject({ loser: 'light', reason: 'holding' });
    expect(r.last('game-over')).toMatchObject({ winner: 'dark', winnerPlayer: 'B', reason: 'holding', awarded: { A: 0, B: 12 } });
  });

  it('a short touch of the board is not holding it', () => {
    const r = SkDriver.playing();
    r.hold('start');
    r.hold('end', 500);
    r.tick(5000);
    expect(r.types()).not.toContain('forfeit');
  });
});
