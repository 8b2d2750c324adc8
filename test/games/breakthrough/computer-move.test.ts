// The computer's move carried out on the Breakthrough board (src/referee/advice.ts): the other
// diagonal capture is a NotTheComputersMove foul, the capturer back and the piece it took back.
import { describe, expect, it } from 'vitest';
import { BtDriver } from './driver.ts';

/** White's c3 may capture on b4 or on d4. */
const TWO_CAPTURES = '6/6/1bbb2/2w3/6/6 w';

describe("Breakthrough referee: the computer's move carried out", () => {
  it('the other capture is a foul with its steps back; put right, the computer’s capture is taken', () => {
    const r = BtDriver.playing(TWO_CAPTURES);
    r.advise('computer', 'c3xd4');
    expect(r.move('c3xb4').at(-1)).toMatchObject({
      type: 'foul',
      code: 'NotTheComputersMove',
      restore: [
        { action: 'move-back', well: 'c3', from: 'b4', sphere: 'w' },
        { action: 'put-back', well: 'b4', sphere: 'b' },
      ],
    });
    expect(r.play('lift b4, place c3, place b4').map((v) => v.type)).toEqual(['restored']);
    expect(r.move('c3xd4').at(-1)).toMatchObject({ type: 'move', side: 'white', move: 'c3xd4' });
    expect(r.snapshot().computerMove).toBeUndefined();
  });
});
