// Takeback in Senryaku: the last move put back by hand is taken back in casual play (its lock
// and the side to move with it), the undo draws no foul, and the tournament policy refuses it.
import { describe, expect, it } from 'vitest';
import { RefereeDriver } from './driver.ts';

const START = 'bbbBbbb/7/7/7/7/wwwWwww w - -';

describe('Senryaku referee: takeback in casual play', () => {
  it('the last move put back is taken back, with nothing said in between', () => {
    const r = RefereeDriver.playing();
    r.move('a1-a2');
    const undo = [...r.lift('a2'), ...r.place('a1')];
    expect(undo).toEqual([
      { type: 'takeback', side: 'white', plies: 1, moves: [{ side: 'white', move: 'a1-a2' }], position: START, atMs: r.t },
    ]);
    expect(r.snapshot()).toMatchObject({ phase: 'play', turn: 'white', position: START, fouls: { white: 0, black: 0 } });
    // The game goes on from there: White moves again.
    expect(r.move('b1-b2').at(-1)).toMatchObject({ type: 'move', side: 'white', move: 'b1-b2' });
  });

  it("the position goes back whole: White's earlier lock holds again", () => {
    const r = RefereeDriver.playing();
    r.move('a1-a2');
    r.move('g6-g5');
    r.move('b1-b2');
    r.play('lift b2, place b1');
    expect(r.last('takeback')).toMatchObject({
      side: 'white',
      moves: [{ side: 'white', move: 'b1-b2' }],
      position: 'bbbBbb1/6b/7/7/w6/1wwWwww w a2 g5',
    });
    expect(r.lift('a2')[0]).toMatchObject({ type: 'foul', code: 'LockedSphere' });
  });

  it('takes back again and again, to the start of the game', () => {
    const r = RefereeDriver.playing();
    r.move('a1-a2');
    r.move('g6-g5');
    r.play('lift g5, place g6');
    r.play('lift a2, place a1');
    expect(r.verdicts.filter((v) => v.type === 'takeback').map((v) => v.type === 'takeback' && v.moves[0]?.move)).toEqual([
      'g6-g5',
      'a1-a2',
    ]);
    expect(r.snapshot()).toMatchObject({ turn: 'white', position: START });
    // Nothing earlier to take back: lifting Black's sphere is the foul it always was.
    expect(r.lift('a6')[0]).toMatchObject({ type: 'foul', code: 'NotYourSphere' });
  });

  it('the sphere lifted and put back where it stood: nothing happened', () => {
    const r = RefereeDriver.playing();
    r.move('a1-a2');
    expect(r.play('lift a2, place a2')).toEqual([]);
    expect(r.move('g6-g5').at(-1)).toMatchObject({ type: 'move', side: 'black' });
  });

  it('a board that leaves the way back hears the foul kept back, and may still get there', () => {
    const r = RefereeDriver.playing();
    r.move('a1-a2');
    expect(r.lift('a2')).toEqual([]);
    expect(r.place('a3')).toMatchObject([
      {
        type: 'foul',
        code: 'NotYourSphere',
        side: 'black',
        message: "the sphere on a2 is white's; it is black's turn",
        count: 1,
        restore: [{ action: 'move-back', from: 'a3', well: 'a2' }],
      },
    ]);
    // Set down where it came from, the foul stands put right by the takeback; the foul said stays counted.
    expect(r.play('lift a3, place a1')).toMatchObject([{ type: 'takeback', moves: [{ move: 'a1-a2' }] }]);
    expect(r.snapshot()).toMatchObject({ phase: 'play', turn: 'white', fouls: { white: 0, black: 1 } });
  });

  it('another sphere touched on the way back: the foul is said', () => {
    const r = RefereeDriver.playing();
    r.move('a1-a2');
    r.lift('a2');
    expect(r.lift('b1')).toMatchObject([{ type: 'foul', code: 'NotYourSphere', side: 'black' }]);
    expect(r.state.phase).toBe('foul');
  });

  it('two plies where a side is the computer: its reply and the move before it go back together', () => {
    const r = RefereeDriver.playing(undefined, { takebackPlies: 2 });
    r.move('a1-a2');
    r.move('g6-g5');
    // The reply back first: one ply back is not yet a takeback of two.
    expect(r.play('lift g5, place g6')).toEqual([]);
    expect(r.play('lift a2, place a1')).toEqual([
      {
        type: 'takeback',
        side: 'white',
        plies: 2,
        moves: [
          { side: 'white', move: 'a1-a2' },
          { side: 'black', move: 'g6-g5' },
        ],
        position: START,
        atMs: r.t,
      },
    ]);
  });

  it("two plies, the person's own sphere first (it is locked: no foul on the way back), both in hand at once", () => {
    const r = RefereeDriver.playing(undefined, { takebackPlies: 2 });
    r.move('a1-a2');
    r.move('g6-g5');
    expect(r.play('lift a2, lift g5, place g6, place a1')).toMatchObject([{ type: 'takeback', plies: 2, position: START }]);
  });

  it('never inferred from a board found after it was not heard: that board is put back', () => {
    const r = RefereeDriver.playing();
    r.move('a1-a2');
    const start = [0, 1, 2, 3, 4, 5, 6, 35, 36, 37, 38, 39, 40, 41];
    const said = r.send({ type: 'snapshot', occupied: start, unheardSinceMs: r.t, atMs: (r.t += 2100) });
    expect(said.map((v) => v.type)).toEqual(['resync-needed']);
    expect(r.snapshot()).toMatchObject({ phase: 'resync', turn: 'black' });
  });

  it('a capture ends the game: it is not taken back', () => {
    const r = RefereeDriver.playing('7/2B4/2W4/7/7/7 w - -');
    r.move('c4xc5');
    r.tick(1600);
    expect(r.last('game-over')).toMatchObject({ reason: 'capture' });
    r.play('lift c5, place c4');
    expect(r.types()).not.toContain('takeback');
  });
});

describe('Senryaku referee: takeback under the tournament policy', () => {
  it('the same hands are a foul, and the board showing the earlier position hears the refusal', () => {
    const r = RefereeDriver.playing(undefined, { policy: 'tournament' });
    r.move('a1-a2');
    expect(r.lift('a2')).toMatchObject([{ type: 'foul', code: 'NotYourSphere', side: 'black', count: 1 }]);
    expect(r.place('a1')).toMatchObject([
      { type: 'notice', message: "takeback refused: tournament policy (white's a1-a2 stands: put the board back as it was)" },
    ]);
    expect(r.snapshot()).toMatchObject({
      phase: 'foul',
      turn: 'black',
      pendingFoul: { restore: [{ action: 'move-back', from: 'a1', well: 'a2' }] },
    });
    expect(r.play('lift a1, place a2')).toMatchObject([{ type: 'restored', side: 'black' }]);
    expect(r.types()).not.toContain('takeback');
  });
});
