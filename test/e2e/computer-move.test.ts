// The computer at the board through the whole stack (simulated board, link, referee, lights)
// with the advisor's double: its move said, a person who plays another move called for
// it (NotTheComputersMove) with the wells to restore lit and dark once it is put right, then the
// computer's move carried out as said.
import { describe, expect, it } from 'vitest';
import { ComputerService } from '../../src/app/computer/computer-service.ts';
import { simScript as act } from '../../src/hardware/sim/index.ts';
import { REFERENCE_HARDWARE } from '../../src/hardware/sim/cell-map.ts';
import { START_SPN } from '../../src/games/senryaku/rules/index.ts';
import { realScheduler } from '../../src/util/scheduler.ts';
import { FakeAdvisor } from '../support/fake-advisor.ts';
import { litWells } from '../support/lit-wells.ts';
import { useE2E, type Session } from './harness.ts';

const e2e = useE2E();

const lit = (s: Session): string[] => litWells(s.sim.firmware.leds, REFERENCE_HARDWARE);

/** Runs simulated time until the board's LEDs show what `wanted` says (every wait bounded). */
async function shows(s: Session, wanted: (lit: string[]) => boolean, maxMs = 10_000): Promise<string[]> {
  for (let t = 0; t < maxMs && !wanted(lit(s)); t += 50) await s.run(50);
  expect(wanted(lit(s)), lit(s).join(' ')).toBe(true);
  return lit(s);
}

describe('end to end: the computer at the board', { timeout: 60_000 }, () => {
  it("another move than the computer's is a foul, its wells lit until restored; then the computer's move is carried out", async () => {
    const advisor = new FakeAdvisor();
    const notices: string[] = [];
    // The computer is player A: White in game 1, to move first.
    const computer = new ComputerService(
      {
        settings: { seatOf: () => ({ player: 'A', side: 'white', level: 3 }), hints: undefined },
        scheduler: realScheduler,
        io: { out: () => {}, err: () => {} },
        notice: (_level, message) => notices.push(message),
      },
      advisor,
    );
    await computer.start();
    e2e.defer(() => computer.stop());
    const s = await e2e.game(undefined, {}, { lights: { destinations: true }, services: [computer] });
    await s.run(50);
    expect(advisor.asks.map((a) => a.request)).toEqual([{ position: START_SPN, level: 3, movetimeMs: 1000 }]);
    advisor.asks[0]!.answer('e1-e2');
    expect(await s.next('computer-move')).toMatchObject({ side: 'white', move: 'e1-e2', position: START_SPN });

    // The person plays e1-d2 instead.
    s.act(act().lift('e1', { afterMs: 300 }));
    await s.next('lifted');
    s.act(act().place('d2', { afterMs: 300 }));
    const foul = await s.next('foul');
    expect(foul).toMatchObject({ code: 'NotTheComputersMove', side: 'white', restore: [{ action: 'move-back', from: 'd2', well: 'e1' }] });
    await shows(s, (l) => JSON.stringify(l) === JSON.stringify(['d2:remove', 'e1:restore']));
    // Lifted again from the well it went to, the sphere is in hand again: the foul is put right, its wells dark.
    s.act(act().lift('d2', { afterMs: 300 }));
    await s.next('restored');
    await shows(s, (l) => !l.some((w) => w.endsWith(':restore') || w.endsWith(':remove')));
    // The computer's move still stands (no second question): set down where it says, it is the move.
    expect(advisor.asks).toHaveLength(1);
    s.act(act().place('e2', { afterMs: 300 }));
    expect(await s.next('move')).toMatchObject({ side: 'white', move: 'e1-e2' });
    // Black (a person) to move: nothing asked.
    await s.run(200);
    expect(advisor.asks).toHaveLength(1);
    expect(notices).toEqual([]);
  });

  it("a takeback while the computer thinks: the person's move goes back, the search is cancelled, and the next move asked anew", async () => {
    const advisor = new FakeAdvisor();
    // The computer is player B: Black in game 1. Two-ply takebacks, as a computer match has.
    const computer = new ComputerService(
      {
        settings: { seatOf: () => ({ player: 'B', side: 'black', level: 3 }), hints: undefined },
        scheduler: realScheduler,
        io: { out: () => {}, err: () => {} },
        notice: () => {},
      },
      advisor,
    );
    await computer.start();
    e2e.defer(() => computer.stop());
    const s = await e2e.game(undefined, { takebackPlies: 2 }, { services: [computer] });
    s.act(act().lift('a1', { afterMs: 300 }).place('a2', { afterMs: 300 }));
    const moved = await s.next('move');
    await s.run(50);
    expect(advisor.asks.map((a) => a.request.position)).toEqual([moved.position]);
    // The engine holds its answer; the person puts the sphere back.
    s.act(act().lift('a2', { afterMs: 300 }).place('a1', { afterMs: 300 }));
    expect(await s.next('takeback')).toMatchObject({ plies: 1, moves: [{ side: 'white', move: 'a1-a2' }], position: START_SPN });
    expect(advisor.asks[0]!.cancelled).toBe(true);
    // Its answer, had it come anyway, is for a position the game has left: the referee refuses it.
    expect(s.app.advise({ role: 'computer', move: 'g6-g5', position: moved.position })).toMatchObject([
      { type: 'notice', message: expect.stringContaining('the position has changed') },
    ]);
    expect(s.app.snapshot()).toMatchObject({ turn: 'white', fouls: { white: 0, black: 0 } });
    expect(s.app.snapshot()?.computerMove).toBeUndefined();
    // The person plays another move: the computer is asked for that position.
    s.act(act().lift('b1', { afterMs: 300 }).place('b2', { afterMs: 300 }));
    const again = await s.next('move');
    await s.run(50);
    expect(advisor.asks.map((a) => a.request.position)).toEqual([moved.position, again.position]);
    // The engine is told the game so far: the move taken back is no longer part of it.
    expect(advisor.asks.map((a) => a.request.game)).toEqual([
      { start: START_SPN, moves: ['a1-a2'] },
      { start: START_SPN, moves: ['b1-b2'] },
    ]);
    advisor.asks[1]!.answer('g6-g5');
    expect(await s.next('computer-move')).toMatchObject({ side: 'black', move: 'g6-g5' });
  });
});
