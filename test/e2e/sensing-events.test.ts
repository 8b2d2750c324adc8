// Issue 4's end to end: the simulated board's frames through the real link and the sensing
// pipeline give exactly the expected events, under noise, for several seeds; and pulling
// the USB cable mid-stream loses nothing and duplicates nothing.
import { afterEach, describe, expect, it } from 'vitest';
import type sinon from 'sinon';
import { SerialBoardLink, bindingPortOpener } from '../../src/hardware/link/index.ts';
import { simScript as act } from '../../src/hardware/sim/index.ts';
import { sensingSetupOf } from '../../src/games/senryaku/board.ts';
import { createSensingState, stepSensing, type SensingEvent } from '../../src/sensing/index.ts';
import { calibrationForSeed, fakeTimers, referenceProfile, simBoard } from './harness.ts';
import { SimBinding } from '../../src/hardware/sim/index.ts';

let clock: sinon.SinonFakeTimers | undefined;
let cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
  clock?.restore();
  clock = undefined;
});

/** Link + sensing on a simulated board; events collected (the frames' own timestamps drive sensing). */
async function sensingSession(seed: number, position: string, resetOnOpen = true) {
  const calibration = await calibrationForSeed(seed);
  clock = fakeTimers();
  const board = simBoard(position, seed, resetOnOpen);
  const link = new SerialBoardLink({ open: bindingPortOpener(SimBinding, board.path) });
  const sensing = createSensingState(sensingSetupOf(referenceProfile(), calibration));
  const events: SensingEvent[] = [];
  const frames: string[] = [];
  let boot = 0;
  link.on('reboot', () => boot++);
  link.on('frame', (f) => {
    frames.push(`${boot}:${f.ms}`);
    events.push(...stepSensing(sensing, f, performance.now()).events);
  });
  link.on('tilt', (t) => events.push(...stepSensing(sensing, { type: 'tilt', ms: t.ms, tilt: t.tilt }, performance.now()).events));
  link.on('gap', (g) => events.push(...stepSensing(sensing, { type: 'gap', missing: g.lostLines ?? 1 }, performance.now()).events));
  link.start();
  const c = clock;
  cleanup.push(
    () => board.dispose(),
    async () => {
      const s = link.stop();
      await c.tickAsync(200);
      await s;
    },
  );
  const run = async (ms: number) => {
    for (let t = 0; t < ms; t += 50) await c.tickAsync(50);
  };
  await run(1500);
  events.length = 0; // the board as found at start-up
  return { sim: board.sim, link, events, frames, run };
}

const summary = (events: SensingEvent[]) =>
  events
    .filter((e) => !['leaning', 'leaning-ended'].includes(e.type))
    .map((e) => {
      switch (e.type) {
        case 'sphere-lifted':
        case 'sphere-placed':
        case 'well-pressed':
        case 'press-released':
          return `${e.type} ${e.well}`;
        case 'sphere-rolled':
          return `${e.type} ${e.from}->${e.to}`;
        case 'board-tipped':
          return `${e.type} ${e.toward}`;
        default:
          return e.type;
      }
    });

describe('end to end: sim board → link → sensing events', { timeout: 120_000 }, () => {
  it.each([1, 2, 3, 4])('lift, place, roll, press, a hand on the board: seed %i', async (seed) => {
    const s = await sensingSession(seed, 'bbbBbbb/7/7/7/7/wwwWwww w - -');
    void s.sim.play(
      act()
        .lift('a1', { afterMs: 200 })
        .place('a2', { afterMs: 600 })
        .roll('a2', 'b2', { afterMs: 800 })
        .press('c1', 80, { afterMs: 800, durationMs: 700 })
        .holdBoard(400, { afterMs: 800, durationMs: 1000 }),
    );
    await s.run(7000);
    expect(summary(s.events)).toEqual([
      'sphere-lifted 0',
      'sphere-placed 7',
      'sphere-rolled 7->8',
      'well-pressed 2',
      'press-released 2',
      'interference-started',
      'interference-ended',
    ]);
  });

  it.each([1, 2, 3, 4])('a lift that tips the board, and the spill: seed %i', async (seed) => {
    // Every black sphere on rank 6 of a board heavy on White's side: lifting one tips it toward White.
    const s = await sensingSession(seed, 'bb1B3/7/7/7/7/wwwW3 b - -');
    void s.sim.play(act().lift('a6', { afterMs: 300 }));
    await s.run(3000);
    const got = summary(s.events);
    expect(got.slice(0, 2).sort()).toEqual(['board-tipped white', 'sphere-lifted 35']);
    // then the tipped board spills every other sphere off its wells
    expect(got.slice(2).sort()).toEqual([
      'sphere-lifted 0',
      'sphere-lifted 1',
      'sphere-lifted 2',
      'sphere-lifted 3',
      'sphere-lifted 36',
      'sphere-lifted 38',
    ]);
  });

  it.each([false, true])(
    'an unplugged cable mid-stream (board resets on open: %s): frames resume, none duplicated',
    async (resetOnOpen) => {
      const s = await sensingSession(1, 'bbbBbbb/7/7/7/7/wwwWwww w - -', resetOnOpen);
      const before = s.frames.length;
      s.sim.unplug();
      await s.run(2000);
      s.sim.plugIn({ reboot: false });
      await s.run(6000);
      expect(s.link.state).toBe('ready');
      expect(new Set(s.frames).size).toBe(s.frames.length);
      const msOf = (f: string) => Number(f.split(':')[1]);
      const boots = [...new Set(s.frames.map((f) => f.split(':')[0]))];
      for (const boot of boots) {
        const ms = s.frames.filter((f) => f.startsWith(`${boot}:`)).map(msOf);
        expect(ms).toEqual([...ms].sort((a, b) => a - b));
      }
      expect(boots).toHaveLength(resetOnOpen ? 2 : 1);
      expect(s.frames.length - before).toBeGreaterThan(200);
      if (!resetOnOpen) expect(s.events.map((e) => e.type)).toContain('frames-missing');
      void s.sim.play(act().lift('a1', { afterMs: 100 }).place('a2', { afterMs: 500 }));
      await s.run(2000);
      expect(summary(s.events).filter((e) => e.startsWith('sphere'))).toEqual(['sphere-lifted 0', 'sphere-placed 7']);
    },
  );
});
