// The computer's move carried out on the Surakarta board (src/referee/advice.ts): another
// capture, or a step where the computer captures, is a NotTheComputersMove foul with the steps
// back; any legal move puts a Surakarta foul right, but only the computer's while it waits.
import { describe, expect, it } from 'vitest';
import { otherCaptureFoul } from '../other-capture.ts';
import { SkDriver } from './driver.ts';

/** Light (x) may capture on b1 from a2, or on e1 from f2. */
const TWO_CAPTURES = '6/6/6/6/x4x/1o2o1 x';

describe("Surakarta referee: the computer's move carried out", () => {
  it('another capture: the capturer back, the piece it took back on its point; then the right capture', () => {
    const r = SkDriver.playing(TWO_CAPTURES);
    const { advice, foul } = otherCaptureFoul(r, { advised: 'a2xb1', from: 'f2', to: 'e1', capturer: 'x', taken: 'o' });
    expect(advice).toMatchObject([{ type: 'computer-move', side: 'light', move: 'a2xb1' }]);
    expect(foul).toMatchObject({ side: 'light', message: "f2xe1 is not the computer's move: carry out a2xb1" });
    expect(r.snapshot()).toMatchObject({ computerMove: { side: 'light', move: 'a2xb1' } });
    expect(r.move('a2xb1', true).at(-1)).toMatchObject({ type: 'move', move: 'a2xb1', captureOrder: 'capturer-first' });
    expect(r.snapshot().computerMove).toBeUndefined();
  });

  it("a step where the computer captures: its piece back in hand goes on with the computer's move", () => {
    const r = SkDriver.playing(TWO_CAPTURES);
    r.advise('computer', 'a2xb1');
    expect(r.move('a2-a3').at(-1)).toMatchObject({
      type: 'foul',
      code: 'NotTheComputersMove',
      restore: [{ action: 'move-back', well: 'a2', from: 'a3', sphere: 'x' }],
    });
    // Lifted off the wrong point: back to the piece of the computer's move in hand, said with where it may go.
    expect(r.lift('a3')).toMatchObject([{ type: 'restored' }, { type: 'lifted', well: 'a2', destinations: ['b1'] }]);
    expect(r.play('lift b1, place b1').at(-1)).toMatchObject({ type: 'move', move: 'a2xb1' });
  });

  it('while the foul stands, another legal move the board shows does not put it right', () => {
    const r = SkDriver.playing(TWO_CAPTURES);
    r.advise('computer', 'a2xb1');
    r.move('a2-a3');
    // a3 on to b3: a legal move from the last legal position (a2-b3), but not the computer's.
    r.play('lift a3, place b3');
    expect(r.types()).not.toContain('move');
    expect(r.snapshot()).toMatchObject({ phase: 'foul', computerMove: { move: 'a2xb1' } });
    // Lifted off b3, the computer's piece is back in hand (the move goes on from it); set down at home, it binds no touch move.
    expect(r.play('lift b3, place a2').map((v) => v.type)).toEqual(['restored', 'lifted', 'notice']);
    expect(r.move('a2xb1').at(-1)).toMatchObject({ type: 'move', move: 'a2xb1' });
  });
});
