// An engine's advice fed to the referee (src/referee/advice.ts): the computer's move to carry
// out, said and kept pending in the snapshot; hints counted per player for the match; advice
// for another position, an illegal move or a second computer move refused with a notice.
import { describe, expect, it } from 'vitest';
import { RefereeDriver } from './driver.ts';

const START = 'bbbBbbb/7/7/7/7/wwwWwww w - -';

describe('Senryaku referee: advice', () => {
  it("the computer's move is said and stays pending in the snapshot", () => {
    const r = RefereeDriver.playing();
    expect(r.advise('computer', 'a1-a2')).toEqual([{ type: 'computer-move', side: 'white', move: 'a1-a2', position: START, atMs: r.t }]);
    expect(r.snapshot()).toMatchObject({ phase: 'play', turn: 'white', computerMove: { side: 'white', move: 'a1-a2' } });
  });

  it('a hint is said and counted for the player to move, for the whole match', () => {
    const r = RefereeDriver.playing();
    expect(r.advise('hint', 'a1-a2')).toEqual([{ type: 'hint', side: 'white', player: 'A', move: 'a1-a2', count: 1, atMs: r.t }]);
    expect(r.advise('hint', 'b1-b2')).toMatchObject([{ type: 'hint', player: 'A', count: 2 }]);
    r.move('a1-a2');
    expect(r.advise('hint', 'g6-g5')).toMatchObject([{ type: 'hint', side: 'black', player: 'B', count: 1 }]);
    expect(r.snapshot()).toMatchObject({ hints: { A: 2, B: 1 } });
    expect(r.snapshot().computerMove).toBeUndefined();
  });

  it('refuses advice for another position, an illegal move, or outside a game, and changes nothing', () => {
    const r = RefereeDriver.playing();
    const before = r.state;
    expect(r.advise('computer', 'a1-a2', 'bbbBbbb/7/7/7/7/wwwWwww b - -')).toEqual([
      { type: 'notice', message: "the computer's move a1-a2 ignored: the position has changed since it was asked for", atMs: r.t },
    ]);
    expect(r.advise('hint', 'a1-a3')).toMatchObject([
      { type: 'notice', message: 'the hint a1-a3 ignored: not a legal move for white here' },
    ]);
    expect(r.state).toMatchObject({ ...before, onBoard: before.onBoard });
    expect(r.snapshot()).toMatchObject({ hints: { A: 0, B: 0 } });
    const idle = new RefereeDriver();
    expect(idle.advise('hint', 'a1-a2')).toMatchObject([{ type: 'notice', message: 'the hint a1-a2 ignored: no game is in progress' }]);
  });

  it('refuses a second computer move, and a hint, while one is pending', () => {
    const r = RefereeDriver.playing();
    r.advise('computer', 'a1-a2');
    expect(r.advise('computer', 'b1-b2')).toMatchObject([
      { type: 'notice', message: "the computer's move b1-b2 ignored: the computer's move a1-a2 is still to be carried out" },
    ]);
    expect(r.advise('hint', 'b1-b2')).toMatchObject([{ type: 'notice' }]);
    expect(r.snapshot()).toMatchObject({ computerMove: { move: 'a1-a2' }, hints: { A: 0, B: 0 } });
  });
});
