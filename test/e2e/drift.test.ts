// Issue 10: load cells that creep and drift with temperature must not lose anyone a game.
// An autoplayed match runs for 10 minutes of board time on a board whose every cell's zero
// wanders (a random walk of 8 g over a minute), and again under a common temperature ramp
// (10 g over 10 minutes on every cell); beside it, the same board without the drift, same
// seeds. The drift must cost nothing: no holding forfeit, no interference, and the referee
// calls what it calls without drift. Positive controls: a hand really holding the board
// for 3 s still forfeits; a hand resting on the rim for 0.5 s does not.
import { describe, expect, it } from 'vitest';
import { simScript as act, type SensorParameters } from '../../src/hardware/sim/index.ts';
import type { SensingEvent } from '../../src/sensing/index.ts';
import type { Verdict } from '../../src/referee/verdicts.ts';
import { START_SPN } from '../../src/games/senryaku/rules/index.ts';
import { SEED, Session, simBoard, useE2E } from './harness.ts';

const e2e = useE2E();
const PLAY_MS = 10 * 60_000;
const AUTOPLAY_SEED = 22;

const summary = (v: Verdict): string =>
  v.type === 'move'
    ? `move ${v.side} ${v.move}`
    : v.type === 'foul'
      ? `foul ${v.code}`
      : v.type === 'forfeit'
        ? `forfeit ${v.reason}`
        : v.type;

/** Starts an autoplayed session on a fresh board with these sensor options; sensing events collected. */
async function autoplayed(clock: ReturnType<typeof e2e.startClock>, sensors: Partial<SensorParameters>) {
  const board = simBoard(START_SPN, SEED, true, { sensors });
  e2e.defer(() => board.dispose());
  // A match long enough to go on for the whole run.
  const settings = { match: { trackLength: 99, colours: 'alternate' as const } };
  const s = await Session.start({ calibration: e2e.calibration, clock, board, autoplaySeed: AUTOPLAY_SEED, settings });
  e2e.defer(() => s.stop());
  const sensing: SensingEvent[] = [];
  s.app.bus.on('sensing', {}, (e) => sensing.push(e));
  return { s, sensing };
}

describe('end to end: drifting load cells', { timeout: 300_000 }, () => {
  it.each([
    ['a random walk of 8 g/min on every cell', { walkGPerMin: 8 }],
    ['a temperature ramp of 10 g over 10 minutes on every cell', { rampGPerMin: 1 }],
  ] as const)(
    '10 minutes of autoplay under %s: no holding forfeit, no interference, the verdicts of a steady board',
    async (_name, sensors) => {
      const clock = e2e.startClock();
      const steady = await autoplayed(clock, {});
      const drifting = await autoplayed(clock, sensors);
      await drifting.s.run(PLAY_MS);
      const reference = steady.s.verdicts.map(summary);
      // A cell that drifts beyond what tracking may follow is said (recalibrate), and still read: no call changes.
      const isSensor = (v: Verdict): boolean => v.type === 'sensor-fault' || v.type === 'sensor-cleared';
      expect(drifting.s.verdicts.filter((v) => isSensor(v) && !('fault' in v && v.fault === 'drifted'))).toEqual([]);
      const seen = drifting.s.verdicts.filter((v) => !isSensor(v)).map(summary);
      expect(reference.filter((t) => t.startsWith('move')).length).toBeGreaterThan(100);
      expect(reference.filter((t) => t === 'game-over').length).toBeGreaterThan(5);
      expect(seen.filter((t) => t.startsWith('forfeit holding'))).toEqual([]);
      expect(drifting.sensing.filter((e) => e.type === 'interference-started')).toEqual([]);
      expect(seen.filter((t) => t === 'resync-needed' || t === 'model-disagreement')).toEqual([]);
      // Every sphere is weighed from a tracked zero: as it weighs on a steady board, within a few grams.
      const weighed = (events: SensingEvent[]) => events.flatMap((e) => (e.type === 'sphere-placed' ? [e.grams] : []));
      const steadyG = weighed(steady.sensing);
      const lo = Math.min(...steadyG) - 4;
      const hi = Math.max(...steadyG) + 4;
      expect(weighed(drifting.sensing).filter((g) => g < lo || g > hi)).toEqual([]);
      // Board time drifts a frame here and there between the two runs; the calls, in order, do not.
      const n = Math.min(reference.length, seen.length);
      expect(n).toBeGreaterThan(0.9 * Math.max(reference.length, seen.length));
      expect(seen.slice(0, n)).toEqual(reference.slice(0, n));
    },
  );

  it('a hand holding the board for 3 s still forfeits on a drifting board; one resting on the rim for 0.5 s does not', async () => {
    const clock = e2e.startClock();
    const board = simBoard(START_SPN, SEED, true, { sensors: { walkGPerMin: 8, rampGPerMin: 1 } });
    e2e.defer(() => board.dispose());
    const s = await Session.start({ calibration: e2e.calibration, clock, board });
    e2e.defer(() => s.stop());
    await s.next('game-started');
    // Two minutes of drift with a few moves in between.
    s.act(act().lift('a1', { afterMs: 20_000 }).place('a2', { afterMs: 500 }));
    await s.next('move');
    s.act(act().lift('g6', { afterMs: 20_000 }).place('g5', { afterMs: 500 }));
    await s.next('move');
    await s.run(80_000);
    s.act(act().holdBoard(120, { afterMs: 200, durationMs: 500 }));
    await s.run(5_000);
    expect(s.types()).not.toContain('forfeit');
    s.act(act().lift('b1', { afterMs: 300 }).place('b2', { afterMs: 500 }));
    expect(await s.next('move')).toMatchObject({ side: 'white', move: 'b1-b2' });
    s.act(act().holdBoard(150, { afterMs: 500, durationMs: 3000 }));
    expect(await s.next('forfeit')).toMatchObject({ reason: 'holding', loser: 'black' });
  });
});
