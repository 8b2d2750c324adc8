// Takeback in Breakthrough (the referee engine's, as every game gets it): a capture put back by
// hand is taken back in casual play; a piece never moves back, so the person's own move may go
// back first where a side is the computer (a foul until the board shows the earlier position).
import { describe, expect, it } from 'vitest';
import { START_POSITION } from '../../../src/games/breakthrough/rules/index.ts';
import { BtDriver } from './driver.ts';

/** White's c3 may capture b4 or d4. */
const THREE_AHEAD = '6/6/1bbb2/2w3/6/6 w';

describe('Breakthrough referee: takeback', () => {
  it('a capture put back, the captured piece set back from off the board, is taken back', () => {
    const r = BtDriver.playing(THREE_AHEAD);
    r.move('c3xb4');
    expect(r.play('lift b4, place c3').map((v) => v.type)).toEqual(['foul']);
    expect(r.place('b4')).toEqual([
      {
        type: 'takeback',
        side: 'white',
        plies: 1,
        moves: [{ side: 'white', move: 'c3xb4' }],
        position: THREE_AHEAD,
        withdrawn: { side: 'black', code: 'NotYourSphere' },
        atMs: r.t,
      },
    ]);
    expect(r.snapshot()).toMatchObject({ fouls: { white: 0, black: 0 } });
    expect(r.move('c3xd4').at(-1)).toMatchObject({ type: 'move', move: 'c3xd4' });
  });

  it("two plies: the person's own piece first (it cannot step back: a foul, no move), then the reply", () => {
    const r = BtDriver.playing(undefined, { takebackPlies: 2 });
    r.move('b2-b3');
    r.advise('computer', 'e5-e4');
    r.move('e5-e4');
    expect(r.play('lift b3, place b2, lift e4, place e5')).toMatchObject([
      { type: 'lifted', side: 'white', well: 'b3' },
      { type: 'foul', code: 'IllegalPlacement', side: 'white' },
      { type: 'takeback', plies: 2, moves: [{ move: 'b2-b3' }, { move: 'e5-e4' }], position: START_POSITION },
    ]);
  });

  it('refused under the tournament policy', () => {
    const r = BtDriver.playing(undefined, { policy: 'tournament' });
    r.move('b2-b3');
    expect(r.play('lift b3, place b2').map((v) => v.type)).toEqual(['foul', 'notice']);
    expect(r.last('notice')?.message).toMatch(/^takeback refused: tournament policy/);
  });
});
