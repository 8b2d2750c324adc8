// The computer's move carried out on the board by the person at it (src/referee/advice.ts):
// the move made is taken and clears it; another move is a NotTheComputersMove foul with the
// steps back, the computer's move still pending; a capture in either order; touch move does
// not bind the person; the tournament policy never forfeits for it; a takeback and the game's
// end drop the pending move.
import { describe, expect, it } from 'vitest';
import { otherCaptureFoul } from '../other-capture.ts';
import { RefereeDriver } from './driver.ts';

const START = 'bbbBbbb/7/7/7/7/wwwWwww w - -';
/** White may capture Black's coloured sphere on c5 from b4 or from c4. */
const TWO_CAPTURES = '7/2B4/1wW4/7/7/7 w - -';

describe("Senryaku referee: the computer's move carried out", () => {
  it('the move made is taken as any move, and the computer has no move pending after it', () => {
    const r = RefereeDriver.playing();
    r.advise('computer', 'a1-a2');
    expect(r.move('a1-a2').at(-1)).toMatchObject({ type: 'move', side: 'white', move: 'a1-a2' });
    expect(r.snapshot().computerMove).toBeUndefined();
    // Black is the person's side: any legal move.
    expect(r.move('d6-d5').at(-1)).toMatchObject({ type: 'move', side: 'black', move: 'd6-d5' });
  });

  it("another legal move is a foul with the steps back; restored, the computer's move goes on pending and is taken", () => {
    const r = RefereeDriver.playing();
    r.advise('computer', 'a1-a2');
    expect(r.move('b1-b2')).toEqual([
      expect.objectContaining({ type: 'lifted', well: 'b1' }),
      {
        type: 'foul',
        code: 'NotTheComputersMove',
        side: 'white',
        message: "b1-b2 is not the computer's move: carry out a1-a2",
        restore: [{ action: 'move-back', well: 'b1', from: 'b2', sphere: 'w' }],
        count: 1,
        atMs: r.t,
      },
    ]);
    expect(r.snapshot()).toMatchObject({ phase: 'foul', position: START, computerMove: { side: 'white', move: 'a1-a2' } });
    expect(r.play('lift b2, place b1').map((v) => v.type)).toEqual(['restored']);
    expect(r.snapshot()).toMatchObject({ phase: 'play', computerMove: { move: 'a1-a2' } });
    expect(r.move('a1-a2').at(-1)).toMatchObject({ type: 'move', move: 'a1-a2' });
  });

  it("while the foul stands, only the computer's move completes the turn", () => {
    const r = RefereeDriver.playing();
    r.advise('computer', 'a1-a2');
    r.move('b1-b2');
    // The wrong sphere back, and the right one lifted on the way: the move goes on from it.
    expect(r.play('lift b2, place b1').map((v) => v.type)).toEqual(['restored']);
    expect(r.play('lift a1, place a2').at(-1)).toMatchObject({ type: 'move', move: 'a1-a2' });
  });

  it('a wrong capture, the captured sphere lifted first: the capturer back and the sphere it took back on its well', () => {
    const r = RefereeDriver.playing(TWO_CAPTURES);
    otherCaptureFoul(r, { advised: 'c4xc5', from: 'b4', to: 'c5', capturer: 'w', taken: 'B' });
    // Not a capture: the game went on.
    expect(r.types()).not.toContain('game-over');
    // Carried out right, the capturer lifted first this time.
    expect(r.play('lift c4, lift c5, place c5')).toMatchObject([
      { type: 'lifted', well: 'c4' },
      { type: 'capture-started', order: 'capturer-first' },
      { type: 'move', move: 'c4xc5', captureOrder: 'capturer-first' },
    ]);
    expect(r.snapshot().computerMove).toBeUndefined();
    // Final after the placement grace.
    r.tick(2000);
    expect(r.last('game-over')).toMatchObject({ winner: 'white', reason: 'capture' });
  });

  it('a wrong capture, the capturer lifted first: the same foul; the right capture taken after the board is put right', () => {
    const r = RefereeDriver.playing(TWO_CAPTURES);
    r.advise('computer', 'c4xc5');
    expect(r.play('lift b4, lift c5, place c5').at(-1)).toMatchObject({ type: 'foul', code: 'NotTheComputersMove' });
    r.play('lift c5, place b4, place c5');
    expect(r.move('c4xc5').at(-1)).toMatchObject({ type: 'move', move: 'c4xc5', captureOrder: 'captured-first' });
  });

  it('a piece lifted and put back is no touch move for the person carrying out the computer’s move', () => {
    const r = RefereeDriver.playing();
    r.advise('computer', 'a1-a2');
    expect(r.play('lift b1, place b1')).toMatchObject([
      { type: 'lifted', well: 'b1' },
      { type: 'notice', message: "the sphere on b1 was put back: the computer's move is a1-a2" },
    ]);
    expect(r.move('a1-a2').at(-1)).toMatchObject({ type: 'move', move: 'a1-a2' });
  });

  it('a piece touched before the computer answered binds nothing once it has', () => {
    const r = RefereeDriver.playing();
    expect(r.play('lift b1, place b1').at(-1)).toMatchObject({ type: 'touch-move', well: 'b1' });
    r.advise('computer', 'a1-a2');
    expect(r.move('a1-a2').at(-1)).toMatchObject({ type: 'move', move: 'a1-a2' });
  });

  it('under the tournament policy the foul is counted but never forfeits the game', () => {
    const r = RefereeDriver.playing(undefined, { policy: 'tournament' });
    r.advise('computer', 'a1-a2');
    r.move('b1-b2');
    r.play('lift b2, place b1');
    expect(r.move('c1-c2').at(-1)).toMatchObject({ type: 'foul', code: 'NotTheComputersMove', count: 2 });
    expect(r.types()).not.toContain('forfeit');
    r.play('lift c2, place c1');
    expect(r.move('a1-a2').at(-1)).toMatchObject({ type: 'move', move: 'a1-a2' });
  });

  it("a takeback drops the computer's move; the game's end drops it", () => {
    const r = RefereeDriver.playing();
    r.move('a1-a2');
    r.advise('computer', 'g6-g5');
    // The person takes their move back before carrying out the computer's.
    r.play('lift a2, place a1');
    expect(r.last('takeback')).toMatchObject({ moves: [{ move: 'a1-a2' }] });
    expect(r.snapshot()).toMatchObject({ turn: 'white' });
    expect(r.snapshot().computerMove).toBeUndefined();
    const over = RefereeDriver.playing('7/2B4/2W4/7/7/7 w - -');
    over.advise('computer', 'c4-d4');
    over.hold('start');
    over.tick(3000);
    expect(over.last('forfeit')).toMatchObject({ reason: 'holding' });
    expect(over.snapshot().computerMove).toBeUndefined();
  });

  it('takeback of two plies (a computer playing): the person’s move and the computer’s reply go back together', () => {
    const r = RefereeDriver.playing(undefined, { takebackPlies: 2 });
    r.move('a1-a2'); // the person (White)
    r.advise('computer', 'g6-g5');
    r.move('g6-g5'); // the computer's reply, carried out
    r.play('lift g5, place g6, lift a2, place a1');
    expect(r.last('takeback')).toMatchObject({
      plies: 2,
      moves: [
        { side: 'white', move: 'a1-a2' },
        { side: 'black', move: 'g6-g5' },
      ],
      position: START,
    });
    expect(r.snapshot()).toMatchObject({ phase: 'play', turn: 'white', fouls: { white: 0, black: 0 } });
  });

  it("takeback of two plies while the computer's move waits: its reply is not on the board, so the person's move alone goes back", () => {
    const r = RefereeDriver.playing(undefined, { takebackPlies: 2 });
    r.move('a1-a2');
    r.advise('computer', 'g6-g5');
    r.move('g6-g5');
    r.move('b1-b2'); // the person
    r.advise('computer', 'f6-f5');
    // The person's sphere back: a foul of Black (the side to move) until the board shows the position, then withdrawn.
    expect(r.play('lift b2, place b1').map((v) => v.type)).toEqual(['foul', 'takeback']);
    expect(r.last('takeback')).toMatchObject({ plies: 1, moves: [{ side: 'white', move: 'b1-b2' }], withdrawn: { side: 'black' } });
    expect(r.snapshot()).toMatchObject({ phase: 'play', turn: 'white', fouls: { white: 0, black: 0 } });
    expect(r.snapshot().computerMove).toBeUndefined();
    expect(r.move('c1-c2').at(-1)).toMatchObject({ type: 'move', side: 'white', move: 'c1-c2' });
  });

  it("takeback of two plies while the computer still thinks: the person's move alone goes back, and the late answer is refused", () => {
    const r = RefereeDriver.playing(undefined, { takebackPlies: 2 });
    r.move('a1-a2');
    r.advise('computer', 'g6-g5');
    r.move('g6-g5');
    r.move('b1-b2'); // the person; the engine has not answered yet
    const asked = r.snapshot().position;
    expect(r.play('lift b2, place b1').map((v) => v.type)).toEqual(['foul', 'takeback']);
    expect(r.last('takeback')).toMatchObject({ plies: 1, moves: [{ side: 'white', move: 'b1-b2' }], withdrawn: { side: 'black' } });
    expect(r.snapshot()).toMatchObject({ phase: 'play', turn: 'white', fouls: { white: 0, black: 0 } });
    // The search was for the position after b1-b2: its answer comes too late.
    expect(r.advise('computer', 'f6-f5', asked)).toMatchObject([
      { type: 'notice', message: expect.stringContaining('the position has changed') },
    ]);
    expect(r.snapshot().computerMove).toBeUndefined();
    // The computer's earlier reply and the person's move before it go back together once the board shows them back.
    expect(r.play('lift g5, place g6, lift a2, place a1').map((v) => v.type)).toEqual(['foul', 'takeback']);
    expect(r.last('takeback')).toMatchObject({ plies: 2, position: START });
  });

  it("a move the person made for the computer's side before it answered is the person's: it goes back alone", () => {
    const r = RefereeDriver.playing(undefined, { takebackPlies: 2 });
    r.move('a1-a2');
    r.move('g6-g5'); // no computer move said: a move like any other
    expect(r.play('lift g5, place g6').map((v) => v.type)).toEqual(['foul', 'takeback']);
    expect(r.last('takeback')).toMatchObject({ plies: 1, moves: [{ side: 'black', move: 'g6-g5' }] });
  });
});
