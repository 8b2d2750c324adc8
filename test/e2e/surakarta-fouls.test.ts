// Every foul the Surakarta referee calls, made by hand on the simulated Surakarta board and
// put right again by hand, through the real stack (board physics → serial protocol → link →
// sensing → referee → journal); each session is then refereed again from its journal.
import { describe, expect, it } from 'vitest';
import { simScript as act } from '../../src/hardware/sim/index.ts';
import { START_POSITION } from '../../src/games/surakarta/rules/index.ts';
import { useSurakartaE2E, type SkSession } from './surakarta-harness.ts';

const e2e = useSurakartaE2E();

/** a2 can capture b1 (round the small loop at a1), f2 can capture e1; neither can capture the other's target. */
const TWO_CAPTURES = '6/6/6/6/x4x/1o2o1 x';
/** e1 can capture b4 round the loops; b2 cannot: straight up the b file to b4 goes round no loop. */
const NO_LOOP = '6/6/1o4/6/1x4/1x2x1 x';

/** The journal, refereed again from its raw lines, gives exactly the verdicts said live. */
async function expectReplayed(s: SkSession): Promise<void> {
  const replayed = await s.replay();
  expect(replayed.mismatch).toBeUndefined();
  expect(replayed.verdicts).toEqual(s.verdicts);
}

const foulCounts = (s: SkSession): (number | undefined)[] =>
  s.verdicts.map((v) => (v.type === 'foul' ? v.count : undefined)).filter(Boolean);

describe('end to end (Surakarta): fouls made by hand and put right', () => {
  it('an enemy piece with no capture on, a piece with nowhere to go, a step too far: called, put right, restored', async () => {
    const s = await e2e.game();
    // NotYourSphere: Light lifts a Dark piece that none of its pieces can capture, and puts it back.
    s.act(act().lift('a6', { afterMs: 300 }).place('a6', { afterMs: 800 }));
    expect(await s.next('foul')).toMatchObject({
      code: 'NotYourSphere',
      side: 'light',
      count: 1,
      restore: [{ action: 'put-back', well: 'a6', sphere: 'o' }],
    });
    expect(await s.next('restored')).toMatchObject({ side: 'light', position: START_POSITION });

    // NoLegalDestination: a1 is boxed in by a2, b1 and b2.
    s.act(act().lift('a1', { afterMs: 300 }).place('a1', { afterMs: 800 }));
    expect(await s.next('foul')).toMatchObject({ code: 'NoLegalDestination', count: 2, restore: [{ action: 'put-back', well: 'a1' }] });
    expect(await s.next('restored')).toMatchObject({ side: 'light' });

    // IllegalPlacement: a2 set down on a4, two points away; taken back to a2, it is in hand again (touch move).
    s.act(act().lift('a2', { afterMs: 300 }).place('a4', { afterMs: 500 }));
    expect(await s.next('foul')).toMatchObject({
      code: 'IllegalPlacement',
      count: 3,
      restore: [{ action: 'move-back', from: 'a4', well: 'a2', sphere: 'x' }],
    });
    s.act(act().lift('a4', { afterMs: 800 }).place('a2', { afterMs: 500 }));
    expect(await s.next('restored')).toMatchObject({ side: 'light', position: START_POSITION });
    expect(await s.next('lifted')).toMatchObject({ well: 'a2', destinations: ['a3', 'b3'] });
    expect(await s.next('touch-move')).toMatchObject({ well: 'a2' });
    // The game goes on, with a2 the piece to move.
    s.act(act().lift('a2', { afterMs: 300 }).place('a3', { afterMs: 500 }));
    expect(await s.next('move')).toMatchObject({ side: 'light', move: 'a2-a3' });
    expect(foulCounts(s)).toEqual([1, 2, 3]);
    await expectReplayed(s);
  });

  it('a capture that is not legal: the second piece of the pair is the foul; both back, restored', async () => {
    const s = await e2e.game({ firstPosition: NO_LOOP });
    // b2 lifted, then the Dark piece on b4: b2 has no path round a loop to b4.
    s.act(act().lift('b2', { afterMs: 300 }).lift('b4', { afterMs: 500 }));
    expect(await s.next('lifted')).toMatchObject({ well: 'b2' });
    expect(await s.next('foul')).toMatchObject({
      code: 'IllegalCaptureLift',
      side: 'light',
      message: 'the piece from b2 cannot capture on b4',
      restore: [
        { action: 'put-back', well: 'b2', sphere: 'x' },
        { action: 'put-back', well: 'b4', sphere: 'o' },
      ],
    });
    // b4 back first: b2 is in hand again, lifted legally; then b2 back binds it (touch move).
    s.act(act().place('b4', { afterMs: 800, kind: 'o' }).place('b2', { afterMs: 800, kind: 'x' }));
    expect(await s.next('restored')).toMatchObject({ side: 'light', position: NO_LOOP });
    expect(await s.next('lifted')).toMatchObject({ well: 'b2' });
    expect(await s.next('touch-move')).toMatchObject({ well: 'b2' });
    s.act(act().lift('b2', { afterMs: 300 }).place('c3', { afterMs: 500 }));
    expect(await s.next('move')).toMatchObject({ move: 'b2-c3' });
    await expectReplayed(s);
  });

  it('a capture with the capturer set down beside its target: IllegalPlacement until it lands on the target', async () => {
    const s = await e2e.game({ firstPosition: TWO_CAPTURES });
    s.act(act().lift('b1', { afterMs: 300 }).lift('a2', { afterMs: 500 }).place('a3', { afterMs: 500 }));
    expect(await s.next('capture-started')).toMatchObject({ captured: 'b1', order: 'captured-first' });
    expect(await s.next('foul')).toMatchObject({
      code: 'IllegalPlacement',
      message: 'the piece from a2 must land on b1 to capture, not a3',
      restore: [
        { action: 'move-back', from: 'a3', well: 'a2', sphere: 'x' },
        { action: 'put-back', well: 'b1', sphere: 'o' },
      ],
    });
    // Put right by completing the capture legally.
    s.act(act().lift('a3', { afterMs: 800 }).place('b1', { afterMs: 500 }));
    expect(await s.next('move')).toMatchObject({ side: 'light', move: 'a2xb1', position: '6/6/6/6/5x/1x2o1 o' });
    await expectReplayed(s);
  });

  it('two own pieces in hand: a foul; the second put back, the move goes on with the first', async () => {
    const s = await e2e.game();
    s.act(act().lift('a2', { afterMs: 300 }).lift('b2', { afterMs: 300 }));
    expect(await s.next('foul')).toMatchObject({
      code: 'TwoSpheresLifted',
      side: 'light',
      restore: [
        { action: 'put-back', well: 'a2', sphere: 'x' },
        { action: 'put-back', well: 'b2', sphere: 'x' },
      ],
    });
    s.act(act().place('b2', { afterMs: 800 }));
    expect(await s.next('restored')).toMatchObject({ side: 'light', position: START_POSITION });
    expect(await s.next('lifted')).toMatchObject({ well: 'a2' });
    s.act(act().place('a3', { afterMs: 800 }));
    expect(await s.next('move')).toMatchObject({ move: 'a2-a3' });
    await expectReplayed(s);
  });

  it('a piece slid instead of lifted: Rolled, and slid back, restored', async () => {
    const s = await e2e.game();
    // A slide resting half-way on the line between the points (the board has no pivot cells:
    // a quick slide cannot be told from a lift and a placement, docs/sensing.md).
    s.act(act().roll('b2', 'c3', { afterMs: 300, durationMs: 300, pauseMs: 300 }));
    expect(await s.next('foul')).toMatchObject({
      code: 'Rolled',
      side: 'light',
      message: 'the piece on b2 slid to c3: pieces must be lifted',
      restore: [{ action: 'move-back', from: 'c3', well: 'b2', sphere: 'x' }],
    });
    s.act(act().roll('c3', 'b2', { afterMs: 800, durationMs: 300, pauseMs: 300 }));
    expect(await s.next('restored')).toMatchObject({ side: 'light', position: START_POSITION });
    // Nobody lifted it: no touch move, any piece may be moved.
    s.act(act().lift('e2', { afterMs: 300 }).place('e3', { afterMs: 500 }));
    expect(await s.next('move')).toMatchObject({ move: 'e2-e3' });
    expect(s.types()).not.toContain('touch-move');
    expect(s.verdicts.filter((v) => v.type === 'foul')).toHaveLength(1);
    await expectReplayed(s);
  });

  it('touch move: a lifted piece put back must be the one moved; another lifted is a foul until put back', async () => {
    const s = await e2e.game();
    s.act(act().lift('b2', { afterMs: 300 }).place('b2', { afterMs: 500 }).lift('c2', { afterMs: 800 }));
    expect(await s.next('lifted')).toMatchObject({ well: 'b2', destinations: ['a3', 'b3', 'c3'] });
    expect(await s.next('touch-move')).toMatchObject({ side: 'light', well: 'b2' });
    expect(await s.next('foul')).toMatchObject({
      code: 'TouchMove',
      side: 'light',
      message: 'light touched the piece on b2: that piece must be moved, not c2',
      restore: [{ action: 'put-back', well: 'c2', sphere: 'x' }],
    });
    s.act(act().place('c2', { afterMs: 800 }));
    expect(await s.next('restored')).toMatchObject({ side: 'light' });
    // Still bound: c2 again is the same foul; b2 moves.
    s.act(act().lift('c2', { afterMs: 500 }).place('c2', { afterMs: 800 }));
    expect(await s.next('foul')).toMatchObject({ code: 'TouchMove', count: 2 });
    await s.next('restored');
    s.act(act().lift('b2', { afterMs: 300 }).place('c3', { afterMs: 500 }));
    expect(await s.next('move')).toMatchObject({ side: 'light', move: 'b2-c3' });
    // Dark's turn: nothing binds Dark.
    s.act(act().lift('e5', { afterMs: 300 }).place('d4', { afterMs: 500 }));
    expect(await s.next('move')).toMatchObject({ side: 'dark', move: 'e5-d4' });
    await expectReplayed(s);
  });

  it('a piece set down that nobody lifted: UnexpectedSphere until it is taken away', async () => {
    const s = await e2e.game({ firstPosition: TWO_CAPTURES });
    // A piece from outside the game appears on c3 (the sim's board set up with it).
    s.sim.resetBoard('6/6/6/2x3/x4x/1o2o1');
    expect(await s.next('foul')).toMatchObject({ code: 'UnexpectedSphere', restore: [{ action: 'remove', well: 'c3' }] });
    s.sim.resetBoard(TWO_CAPTURES);
    expect(await s.next('restored')).toMatchObject({ side: 'light', position: TWO_CAPTURES });
    await expectReplayed(s);
  });
});

describe('end to end (Surakarta): foul policy and holding', () => {
  it("tournament policy: a side's second foul in a game forfeits it; the winner scores its pieces, the loser none", async () => {
    const s = await e2e.game({ settings: { policy: 'tournament' } });
    s.act(act().lift('a6', { afterMs: 300 }).place('a6', { afterMs: 800 }));
    expect(await s.next('foul')).toMatchObject({ code: 'NotYourSphere', count: 1 });
    await s.next('restored');
    expect(s.types()).not.toContain('forfeit');
    s.act(act().lift('a1', { afterMs: 300 }));
    expect(await s.next('foul')).toMatchObject({ code: 'NoLegalDestination', side: 'light', count: 2 });
    expect(await s.next('forfeit')).toMatchObject({ loser: 'light', reason: 'fouls' });
    expect(await s.next('game-over')).toMatchObject({
      game: 1,
      winner: 'dark',
      winnerPlayer: 'B',
      reason: 'fouls',
      points: 12,
      awarded: { A: 0, B: 12 },
      score: { A: 0, B: 12 },
    });
    expect(await s.next('setup')).toMatchObject({ game: 2 });
    await expectReplayed(s);
  });

  it('casual policy: fouls are counted per side and never lose', async () => {
    const s = await e2e.game();
    s.act(act().lift('a6', { afterMs: 300 }).place('a6', { afterMs: 800 }));
    await s.next('restored');
    s.act(act().lift('b2', { afterMs: 300 }).place('b3', { afterMs: 500 }));
    await s.next('move');
    s.act(act().lift('a1', { afterMs: 300 }).place('a1', { afterMs: 800 }));
    await s.next('restored');
    s.act(act().lift('a5', { afterMs: 300 }).place('a4', { afterMs: 500 }));
    await s.next('move');
    s.act(act().lift('f6', { afterMs: 300 }).place('f6', { afterMs: 800 }));
    expect(await s.next('foul')).toMatchObject({ code: 'NotYourSphere', side: 'light', count: 2 });
    await s.next('restored');
    expect(s.verdicts.filter((v) => v.type === 'foul').map((v) => v.type === 'foul' && [v.side, v.count])).toEqual([
      ['light', 1],
      ['dark', 1],
      ['light', 2],
    ]);
    expect(s.types()).not.toContain('forfeit');
    expect(s.app.snapshot()).toMatchObject({ phase: 'play', fouls: { light: 2, dark: 1 } });
    await expectReplayed(s);
  });

  // The referee forfeits a hand on the board beyond holdingGraceMs. The Surakarta board lies
  // flat on no pivot cells, so it cannot weigh a hand resting between its points; a hand
  // pressing on a point (more than any piece weighs) is what it senses as a hand on the board.
  // A press shorter than the grace is nothing.
  it('a hand pressing on the board longer than the grace forfeits the game of the side to move', async () => {
    const s = await e2e.game();
    s.act(act().press('c3', 600, { afterMs: 300, durationMs: 1000 }));
    await s.run(3000);
    expect(s.types()).not.toContain('forfeit');
    s.act(act().press('c3', 600, { afterMs: 300, durationMs: 4000 }));
    expect(await s.next('forfeit', 8000)).toMatchObject({ loser: 'light', reason: 'holding' });
    await expectReplayed(s);
  });
});
