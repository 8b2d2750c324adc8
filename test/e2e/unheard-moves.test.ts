// A move made while the board could not be heard (a reboot, the cable out, a stall of its
// frames) is never passed over in silence: the referee infers it, when only one legal move
// explains the board found, and announces it as seen on reconnect; otherwise it says what
// differs and how to restore it. Both games, on the simulated board through the real link,
// sensing and referee, in virtual time.
import { describe, expect, it } from 'vitest';
import { simScript as act } from '../../src/hardware/sim/index.ts';
import type { Verdict } from '../../src/referee/verdicts.ts';
import { Session, simBoard, useE2E } from './harness.ts';
import { useSurakartaE2E } from './surakarta-harness.ts';

const e2e = useE2E();
const sk = useSurakartaE2E();

/** White can capture the coloured black sphere on d2 from c1, d1 or e1. */
const CAPTURE_ON = 'bbb1bbb/7/7/7/3B3/wwwWwww w - -';

/** A Senryaku game from `position` on a board whose port does not reset it when opened (a pty, no DTR). */
async function senryaku(position: string, resetOnOpen = true): Promise<Session> {
  const clock = e2e.startClock();
  const board = simBoard(position, 7, resetOnOpen);
  e2e.defer(() => board.dispose());
  const s = await Session.start({ calibration: e2e.calibration, clock, board, firstPosition: position });
  e2e.defer(() => s.stop());
  await s.next('game-started');
  return s;
}

const after = (s: { verdicts: readonly Verdict[] }, from: number): Verdict[] => s.verdicts.slice(from);

describe('end to end: a move made while the board was not heard is said (Senryaku)', { timeout: 60_000 }, () => {
  it('lifted, then the board reboots and the sphere is set down while it boots: the move is inferred and announced', async () => {
    const s = await senryaku(CAPTURE_ON);
    s.act(act().lift('b1', { afterMs: 200 }));
    await s.next('lifted');
    s.sim.reboot();
    s.act(act().place('b2', { afterMs: 100 }));
    const move = await s.next('move');
    expect(move).toMatchObject({ side: 'white', move: 'b1-b2', unheard: true });
    // Play goes on from it: Black's next move is judged as usual.
    s.act(act().lift('a6', { afterMs: 300 }).place('a5', { afterMs: 400 }));
    expect(await s.next('move')).toMatchObject({ side: 'black', move: 'a6-a5' });
    expect(s.types().filter((t) => t === 'foul' || t === 'resync-needed')).toEqual([]);
  });

  it('a whole step made while the cable was out (the board kept running): inferred on reconnect', async () => {
    const s = await senryaku(CAPTURE_ON, false);
    s.sim.unplug();
    await s.run(300);
    s.act(act().lift('g1', { afterMs: 100 }).place('g2', { afterMs: 300 }));
    await s.run(1500);
    s.sim.plugIn({ reboot: false });
    expect(await s.next('move')).toMatchObject({ side: 'white', move: 'g1-g2', unheard: true });
  });

  it('a whole capture during a 2 s stall of the frames: the board cannot tell it from a lift, so it says what differs and how to restore', async () => {
    const s = await senryaku(CAPTURE_ON);
    const from = s.verdicts.length;
    s.sim.setLinkFaults({ dropNext: 160 }); // 2 s of lines lost at the USB bridge
    s.act(act().lift('d2', { afterMs: 100 }).lift('d1', { afterMs: 300 }).place('d2', { afterMs: 300 }));
    const resync = await s.next('resync-needed');
    expect(resync.message).toMatch(/the board was not heard for \d+\.\d s.*2 different things/);
    expect(resync.differences).toEqual([{ well: 'd1', expected: 'W', sensed: 'empty' }]);
    expect(resync.restore).toEqual([{ action: 'put-back', well: 'd1', sphere: 'W' }]);
    // Not a word about a lift the referee did not see, nor a silent wait for a placement.
    expect(after(s, from).map((v) => v.type)).toEqual(['resync-needed']);
    // Put back as the game stood, then the capture played in view: the game is White's.
    s.sim.resetBoard(CAPTURE_ON);
    await s.next('resync-done');
    s.act(act().lift('d2', { afterMs: 300 }).lift('d1', { afterMs: 300 }).place('d2', { afterMs: 300 }));
    expect(await s.next('move')).toMatchObject({ move: 'd1xd2' });
    expect(await s.next('game-over')).toMatchObject({ winner: 'white', reason: 'capture' });
  });

  it('lifted before the board rebooted, with a capture on: whether it captured cannot be told, so it is asked to be put back', async () => {
    const s = await senryaku(CAPTURE_ON);
    s.act(act().lift('d1', { afterMs: 200 }));
    await s.next('lifted');
    const from = s.verdicts.length;
    s.sim.reboot();
    const resync = await s.next('resync-needed');
    expect(resync).toMatchObject({
      differences: [{ well: 'd1', expected: 'W', sensed: 'empty' }],
      restore: [{ action: 'put-back', well: 'd1' }],
    });
    expect(resync.message).toMatch(/not heard/);
    expect(after(s, from).map((v) => v.type)).toEqual(['resync-needed']);
  });
});

describe('end to end: a move made while the board was not heard is said (Surakarta)', { timeout: 60_000 }, () => {
  it('a step made while the board rebooted: inferred and announced', async () => {
    const s = await sk.game();
    s.act(act().lift('b2', { afterMs: 200 }));
    await s.next('lifted');
    s.sim.reboot();
    s.act(act().place('b3', { afterMs: 100 }));
    expect(await s.next('move')).toMatchObject({ side: 'light', move: 'b2-b3', unheard: true });
  });

  it('a whole capture during a 2 s stall: said as a difference with the steps that restore it', async () => {
    // a2 can capture b1 round the small loop at a1.
    const position = '6/6/6/6/x4x/1o2o1 x';
    const s = await sk.game({ firstPosition: position });
    const from = s.verdicts.length;
    s.sim.setLinkFaults({ dropNext: 160 });
    s.act(act().lift('b1', { afterMs: 100 }).lift('a2', { afterMs: 300 }).place('b1', { afterMs: 300 }));
    const resync = await s.next('resync-needed');
    expect(resync.message).toMatch(/not heard/);
    expect(resync.restore).toEqual([{ action: 'put-back', well: 'a2', sphere: 'x' }]);
    expect(s.verdicts.slice(from).map((v) => v.type)).toEqual(['resync-needed']);
  });
});
