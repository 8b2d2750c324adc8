// The sensing pipeline on a synthetic board: one event per physical change, at the time it
// settled, never twice because of a bounce, and roll told apart from lift + place.
import { describe, expect, it } from 'vitest';
import { wellStates } from '../../src/sensing/pipeline.ts';
import { settledHarness } from './harness.ts';
import { PERIOD_MS, SynthBoard } from './synth.ts';

const SEEDS = Array.from({ length: 25 }, (_, i) => i + 1);
// Wells around the centre so that every setup is stable in the model: c3, d3, e4.
const HOME = [16, 17, 25];

describe('placing and lifting', () => {
  it.each(SEEDS)('a placement with impact and bounce gives exactly one sphere-placed (seed %i)', (seed) => {
    const b = new SynthBoard(seed);
    const h = settledHarness(b, HOME);
    const t0 = b.t;
    b.place(24, 'w', t0, 1 + (seed % 3) * 0.5);
    h.run(1000);
    expect(h.types()).toEqual(['sphere-placed']);
    const e = h.of('sphere-placed')[0]!;
    expect(e.well).toBe(24);
    expect(e.grams).toBeGreaterThan(57);
    expect(e.grams).toBeLessThan(63);
    expect(e.atMs).toBeGreaterThan(t0);
    expect(e.atMs).toBeLessThan(t0 + 200);
    expect(wellStates(h.state)[24]).toBe('sphere');
  });

  it.each(SEEDS)('the event comes within 4 frames of the reading entering ±3 g for good (seed %i)', (seed) => {
    const b = new SynthBoard(seed);
    const h = settledHarness(b, HOME);
    const t0 = b.t;
    b.place(24, 'w', t0);
    const firstFrame = h.frames;
    h.run(600);
    const placed = h.log.find((l) => l.event.type === 'sphere-placed')!;
    // The last frame out of band, from the noise-free signal of the board.
    let lastOut = -1;
    for (let k = 0; k < h.frames - firstFrame; k++) if (Math.abs(b.wellGrams(24, t0 + k * PERIOD_MS) - 60) > 3) lastOut = k;
    const settledFrame = firstFrame + lastOut + 1;
    expect(placed.frame - settledFrame).toBeLessThanOrEqual(4);
  });

  it.each(SEEDS)('a lift gives exactly one sphere-lifted (seed %i)', (seed) => {
    const b = new SynthBoard(seed);
    const h = settledHarness(b, HOME);
    b.lift(17);
    h.run(800);
    expect(h.types()).toEqual(['sphere-lifted']);
    expect(h.of('sphere-lifted')[0]).toMatchObject({ well: 17 });
    expect(Math.abs(h.of('sphere-lifted')[0]!.grams - 60)).toBeLessThan(5);
  });

  it('reports the spheres already on the board at start-up as placed', () => {
    const b = new SynthBoard(3);
    b.put(16);
    b.put(25);
    const h = settledHarness(b);
    expect(h.state.wells.cls[16]).toBe(1);
    const b2 = new SynthBoard(3);
    b2.put(16);
    const h2 = new (h.constructor as typeof import('./harness.ts').Harness)(b2);
    h2.run(200);
    expect(h2.of('sphere-placed').map((e) => e.well)).toEqual([16]);
  });

  it('tells kinds apart when the profile masses differ (coloured spheres heavier)', () => {
    const profile = { ...new SynthBoard(1).profile, sphereMass: { w: 60, W: 80, b: 60, B: 80 } };
    const b = new SynthBoard(5, { profile });
    const h = settledHarness(b, HOME);
    b.place(24, 'W');
    h.run(600);
    b.place(31, 'b');
    h.run(600);
    const [heavy, light] = h.of('sphere-placed');
    expect(heavy).toMatchObject({ well: 24, kinds: ['W', 'B'] });
    expect(heavy).not.toHaveProperty('kind');
    expect(light).toMatchObject({ well: 31, kinds: ['w', 'b'] });
    const profile2 = { ...profile, sphereMass: { w: 60, W: 80, b: 65, B: 90 } };
    const b2 = new SynthBoard(6, { profile: profile2 });
    const h2 = settledHarness(b2, HOME);
    b2.place(24, 'B');
    h2.run(600);
    expect(h2.of('sphere-placed')[0]).toMatchObject({ kind: 'B', kinds: ['B'] });
  });

  it('survives slow drift of the zeros without events', () => {
    const b = new SynthBoard(9, { driftGPerS: 0.05 });
    const h = settledHarness(b, HOME);
    h.run(30_000);
    expect(h.types()).toEqual([]);
  });
});

describe('rolling', () => {
  it.each(SEEDS)('a roll to a neighbour is one sphere-rolled, not a lift and a place (seed %i)', (seed) => {
    const b = new SynthBoard(seed);
    const h = settledHarness(b, HOME);
    b.roll(17, 24, 80 + seed * 10);
    h.run(1200);
    expect(h.types()).toEqual(['sphere-rolled']);
    const e = h.of('sphere-rolled')[0]!;
    expect(e).toMatchObject({ from: 17, to: 24 });
    expect(e.departedAtMs).toBeLessThan(e.atMs);
  });

  it.each(SEEDS)('a quick lift and place onto a neighbour is a lift and a place (seed %i)', (seed) => {
    const b = new SynthBoard(seed);
    const h = settledHarness(b, HOME);
    b.lift(17);
    b.place(24, 'w', b.t + 150);
    h.run(1200);
    expect(h.types()).toEqual(['sphere-lifted', 'sphere-placed']);
  });

  it('a sphere left on the rim past rollMaxMs is reported lifted, and placed when it lands', () => {
    const b = new SynthBoard(4);
    const h = settledHarness(b, HOME);
    b.roll(17, 24, 1500);
    h.run(1300);
    expect(h.types()).toEqual(['sphere-lifted']);
    h.run(1000);
    expect(h.types()).toEqual(['sphere-lifted', 'sphere-placed']);
    expect(h.of('interference-started')).toEqual([]);
  });
});

describe('pressing', () => {
  it.each(SEEDS)('a finger pressing a sphere is well-pressed then press-released, no lift or place (seed %i)', (seed) => {
    const b = new SynthBoard(seed);
    const h = settledHarness(b, HOME);
    b.press(17, 80 + seed, 500);
    h.run(1000);
    expect(h.types()).toEqual(['well-pressed', 'press-released']);
    expect(h.of('well-pressed')[0]!.extraG).toBeGreaterThan(60);
    expect(h.of('interference-started')).toEqual([]);
  });

  it('a press while placing reports the press and then the placement', () => {
    const b = new SynthBoard(2);
    const h = settledHarness(b, HOME);
    b.place(24);
    b.press(24, 100, 400);
    h.run(1000);
    expect(h.types()).toEqual(['well-pressed', 'press-released', 'sphere-placed']);
  });
});

describe('tilt switches', () => {
  it('reports tipped and levelled once, from a TILT line or a frame', async () => {
    const { stepSensing } = await import('../../src/sensing/pipeline.ts');
    const b = new SynthBoard(1);
    const h = settledHarness(b, HOME);
    const { events } = stepSensing(h.state, { type: 'tilt', ms: b.t - 5, tilt: { white: true, black: false } }, 0);
    expect(events).toEqual([{ type: 'board-tipped', atMs: b.t - 5, toward: 'white' }]);
    b.tilt = { white: true, black: false };
    h.run(100);
    expect(h.types()).toEqual([]);
    b.tilt = { white: false, black: false };
    h.run(100);
    expect(h.of('board-levelled')).toMatchObject([{ from: 'white' }]);
    b.tilt = { white: false, black: true };
    h.run(100);
    expect(h.of('board-tipped')).toMatchObject([{ toward: 'black' }]);
  });
});

describe('leaning', () => {
  it('warns when the measured moment nears tipping toward a side, and when it recovers', () => {
    const b = new SynthBoard(7);
    // d4 and d5 on Black's side: moment 60·0.5 + 60·1.5 = 120, capacity 0.25·840 = 210, margin 90.
    const h = settledHarness(b, [24, 31]);
    b.place(38); // d6: moment 270, capacity 225: margin −45 (the model tips; sensors decide)
    h.run(600);
    expect(h.of('leaning')).toMatchObject([{ toward: 'black' }]);
    expect(h.of('leaning')[0]!.marginGP).toBeLessThan(60);
    b.lift(38);
    h.run(600);
    expect(h.of('leaning-ended')).toMatchObject([{ toward: 'black' }]);
  });
});

describe('dating', () => {
  it.each(SEEDS.slice(0, 10))('every event is dated at the frame that completed it, and began no later (seed %i)', (seed) => {
    const b = new SynthBoard(seed);
    const h = settledHarness(b, HOME);
    b.place(24, 'w');
    h.run(600);
    b.lift(24);
    h.run(600);
    b.roll(17, 18, 300);
    h.run(1000);
    b.hand(300, 800);
    h.run(1500);
    expect(h.types()).toEqual(['sphere-placed', 'sphere-lifted', 'sphere-rolled', 'interference-started', 'interference-ended']);
    for (const { event, frameMs } of h.log) {
      expect(event.atMs).toBe(frameMs);
      expect(event.sinceMs ?? event.atMs).toBeLessThanOrEqual(event.atMs);
    }
    // A settled window is k frames: its first frame is when the new level began.
    const placed = h.of('sphere-placed')[0]!;
    expect(Math.abs(placed.atMs - placed.sinceMs! - (h.state.config.options.settleFrames - 1) * PERIOD_MS)).toBeLessThanOrEqual(1); // whole ms
  });
});

describe('interference', () => {
  it.each([-300, -150, 120, 400])('a hand of %i g on the board for 1 s starts and ends interference', (force) => {
    const b = new SynthBoard(11);
    const h = settledHarness(b, HOME);
    const t0 = b.t;
    b.hand(force, 1000);
    h.run(2000);
    expect(h.types()).toEqual(['interference-started', 'interference-ended']);
    const [start] = h.of('interference-started');
    // Known once the excess has lasted the grace (atMs); it began with the hand (sinceMs).
    expect(start!.sinceMs).toBeGreaterThanOrEqual(t0);
    expect(start!.sinceMs).toBeLessThan(t0 + 50);
    expect(start!.atMs).toBeGreaterThanOrEqual(start!.sinceMs! + 250);
    expect(Math.sign(start!.excessG)).toBe(Math.sign(force));
    const [end] = h.of('interference-ended');
    expect(end!.sinceMs).toBeGreaterThanOrEqual(t0 + 1000);
    expect(end!.atMs).toBeGreaterThanOrEqual(end!.sinceMs! + 100);
  });

  it('a touch shorter than the grace time is not interference', () => {
    const b = new SynthBoard(12);
    const h = settledHarness(b, HOME);
    b.hand(-300, 150);
    h.run(1000);
    expect(h.types()).toEqual([]);
  });

  it.each(SEEDS)('placing, lifting and rolling never look like interference (seed %i)', (seed) => {
    const b = new SynthBoard(seed);
    const h = settledHarness(b, HOME);
    b.place(24);
    h.run(500);
    b.roll(24, 31, 200);
    h.run(800);
    b.lift(16);
    h.run(500);
    expect(h.types()).toEqual(['sphere-placed', 'sphere-rolled', 'sphere-lifted']);
  });
});
