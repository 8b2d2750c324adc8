// Takeback in Senryaku: the last move put back by hand is taken back in casual play (its lock
// and the side to move with it), the foul its first lift drew withdrawn; the tournament policy
// lets that foul stand and refuses.
import { describe, expect, it } from 'vitest';
import { RefereeDriver } from './driver.ts';

const START = 'bbbBbbb/7/7/7/7/wwwWwww w - -';

describe('Senryaku referee: takeback in casual play', () => {
  it('the last move put back is taken back; the foul its lift drew is withdrawn', () => {
    const r = RefereeDriver.playing();
    r.move('a1-a2');
    // The referee cannot know yet that the sphere is going back.
    expect(r.lift('a2')).toMatchObject([{ type: 'foul', code: 'NotYourSphere', side: 'black', count: 1 }]);
    expect(r.place('a1')).toEqual([
      {
        type: 'takeback',
        side: 'white',
        plies: 1,
        moves: [{ side: 'white', move: 'a1-a2' }],
        position: START,
        withdrawn: { side: 'black', code: 'NotYourSphere' },
        atMs: r.t,
      },
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
    expect(r.snapshot()).toMatchObject({ turn: 'white', position: START, fouls: { white: 0, black: 0 } });
    // Nothing earlier to take back: lifting Black's sphere is the foul it always was.
    expect(r.play('lift a6, place a6').map((v) => v.type)).toEqual(['foul', 'restored']);
  });

  it('the sphere lifted and put back where it stood: the foul and the board restored, as ever', () => {
    const r = RefereeDriver.playing();
    r.move('a1-a2');
    expect(r.play('lift a2, place a2').map((v) => v.type)).toEqual(['foul', 'restored']);
    expect(r.snapshot()).toMatchObject({ turn: 'black', fouls: { white: 0, black: 1 } });
  });

  it('set down elsewhere first, then where it came from: taken back all the same', () => {
    const r = RefereeDriver.playing();
    r.move('a1-a2');
    r.play('lift a2, place a3');
    expect(r.play('lift a3, place a1')).toMatchObject([{ type: 'takeback', moves: [{ move: 'a1-a2' }], withdrawn: { side: 'black' } }]);
    expect(r.snapshot()).toMatchObject({ phase: 'play', turn: 'white', fouls: { white: 0, black: 0 } });
  });

  it('another sphere moved on the way: the board shows no earlier position, the foul stands', () => {
    const r = RefereeDriver.playing();
    r.move('a1-a2');
    r.play('lift a2, lift b1, place a1, place c2');
    expect(r.types()).not.toContain('takeback');
    expect(r.snapshot()).toMatchObject({ phase: 'foul', fouls: { black: 1 } });
  });

  it('two plies where a side is the computer: its reply and the move before it go back together', () => {
    const r = RefereeDriver.playing(undefined, { takebackPlies: 2 });
    r.move('a1-a2');
    r.advise('computer', 'g6-g5');
    r.move('g6-g5');
    // One ply back is not yet a takeback of two: the foul of the first lift stands meanwhile.
    expect(r.play('lift g5, place g6').map((v) => v.type)).toEqual(['foul']);
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
        withdrawn: { side: 'white', code: 'NotYourSphere' },
        atMs: r.t,
      },
    ]);
  });

  it("two plies, the person's own (locked) sphere first, both in hand at once: each set down where it belongs", () => {
    const r = RefereeDriver.playing(undefined, { takebackPlies: 2 });
    r.move('a1-a2');
    r.advise('computer', 'g6-g5');
    r.move('g6-g5');
    expect(r.play('lift a2, lift g5, place g6, place a1')).toMatchObject([
      { type: 'foul', code: 'LockedSphere' },
      { type: 'takeback', plies: 2, position: START, withdrawn: { code: 'LockedSphere' } },
    ]);
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
  it('the same hands are a foul that stands, and the board showing the earlier position hears the refusal', () => {
    const r = RefereeDriver.playing(undefined, { policy: 'tournament' });
    r.move('a1-a2');
    expect(r.lift('a2')).toMatchObject([{ type: 'foul', code: 'NotYourSphere', side: 'black', count: 1 }]);
    expect(r.place('a1')).toMatchObject([
      { type: 'notice', message: "takeback refused: tournament policy (white's a1-a2 stands: put the board back as it was)" },
    ]);
    expect(r.snapshot()).toMatchObject({
      phase: 'foul',
      turn: 'black',
      fouls: { white: 0, black: 1 },
      pendingFoul: { restore: [{ action: 'move-back', from: 'a1', well: 'a2' }] },
    });
    expect(r.play('lift a1, place a2')).toMatchObject([{ type: 'restored', side: 'black' }]);
    expect(r.types()).not.toContain('takeback');
  });
});
