// The computer's move carried out on the Breakthrough board (src/referee/advice.ts): the other
// diagonal capture is a NotTheComputersMove foul, the capturer back and the piece it took back.
import { describe, expect, it } from 'vitest';
import { otherCaptureFoul } from '../../referee/other-capture.ts';
import { BtDriver } from './driver.ts';

/** White's c3 may capture on b4 or on d4. */
const TWO_CAPTURES = '6/6/1bbb2/2w3/6/6 w';

describe("Breakthrough referee: the computer's move carried out", () => {
  it('the other capture is a foul with its steps back; put right, the computer’s capture is taken', () => {
    const r = BtDriver.playing(TWO_CAPTURES);
    otherCaptureFoul(r, { advised: 'c3xd4', from: 'c3', to: 'b4', capturer: 'w', taken: 'b' });
    expect(r.move('c3xd4').at(-1)).toMatchObject({ type: 'move', side: 'white', move: 'c3xd4' });
    expect(r.snapshot().computerMove).toBeUndefined();
  });
});
