// Sensor faults and link gaps: each reported once, each cleared once, and a faulty cell
// never turns into phantom lifts or placements.
import { describe, expect, it } from 'vitest';
import { stepSensing } from '../../src/sensing/pipeline.ts';
import { wellStates } from '../../src/sensing/pipeline.ts';
import { settledHarness } from './harness.ts';
import { SynthBoard } from './synth.ts';

const HOME = [16, 17, 25];

describe('sensor faults', () => {
  it.each([
    ['stuck', 17],
    ['stuck', 43],
    ['saturated', 17],
    ['saturated', 42],
    ['silent', 17],
    ['silent', 43],
  ] as const)('a %s cell %i is reported and cleared, with no phantom board events', (fault, cell) => {
    const b = new SynthBoard(21);
    const h = settledHarness(b, HOME);
    b.fault(cell, fault, 1000);
    h.run(800);
    expect(h.types()).toEqual(['sensor-fault']);
    expect(h.of('sensor-fault')[0]).toMatchObject({ fault, cell });
    if (cell < 42) expect(wellStates(h.state)[cell]).toBe('faulty');
    h.run(1000);
    expect(h.types()).toEqual(['sensor-fault', 'sensor-fault-cleared']);
    expect(h.of('sensor-fault-cleared')[0]).toMatchObject({ fault, cell });
    if (cell < 42) expect(wellStates(h.state)[cell]).toBe('sphere');
  });

  it('a stuck cell needs 40 identical readings: real noise never trips it', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const b = new SynthBoard(seed, { noiseCounts: 3 });
      const h = settledHarness(b, HOME);
      h.run(10_000);
      expect(h.of('sensor-fault')).toEqual([]);
    }
  });

  it('a silent cell is reported after 8 stale frames, not 7', () => {
    const b = new SynthBoard(22);
    const h = settledHarness(b, HOME);
    b.fault(5, 'silent', 7 * 12.5);
    h.run(500);
    expect(h.types()).toEqual([]);
    b.fault(5, 'silent', 8 * 12.5);
    h.run(500);
    expect(h.types()).toEqual(['sensor-fault', 'sensor-fault-cleared']);
  });
});

describe('dead cells', () => {
  /** Where a board's cell reads the ADC's zero, in grams from its calibrated zero. */
  const zeroReadsG = (b: SynthBoard, cell: number): number => -(b.offsets[cell] ?? 0) / (b.scales[cell] ?? 1);
  /** A cell of `wells` whose calibrated zero is far above raw 0: reading 0, it would read less than nothing. */
  const farFromZero = (b: SynthBoard, wells: readonly number[]): number => {
    const w = wells.find((c) => zeroReadsG(b, c) < -20);
    if (w === undefined) throw new Error('no such cell on this board: pick another seed');
    return w;
  };

  it('a cell under a sphere that dies reading 0 is a dead fault, never a lift, and cleared when it lives again', () => {
    const b = new SynthBoard(41);
    const cell = farFromZero(
      b,
      Array.from({ length: 42 }, (_, i) => i),
    );
    const h = settledHarness(b, [cell, 3]);
    b.fault(cell, 'dead', 2000);
    h.run(400);
    expect(h.types()).toEqual([]);
    expect(wellStates(h.state)[cell]).toBe('faulty');
    h.run(300);
    expect(h.types()).toEqual(['sensor-fault']);
    expect(h.of('sensor-fault')[0]).toMatchObject({ fault: 'dead', cell });
    h.run(2000);
    expect(h.types()).toEqual(['sensor-fault', 'sensor-fault-cleared']);
    expect(h.of('sensor-fault-cleared')[0]).toMatchObject({ fault: 'dead', cell });
    expect(wellStates(h.state)[cell]).toBe('sphere');
  });

  it('a cell whose raw 0 would be a load a live cell may hold (a piece half on its rim) is not taken for dead', () => {
    const b = new SynthBoard(45);
    const cell = Array.from({ length: 42 }, (_, i) => i).find((c) => zeroReadsG(b, c) > 20 && zeroReadsG(b, c) < 40)!;
    const h = settledHarness(b, HOME);
    b.fault(cell, 'dead', 1000);
    h.run(1500);
    expect(h.of('sensor-fault')).toEqual([]);
  });

  it('a sphere set down on a dead well and taken off it again is no hand on the board, and the lifts around it are lifts', () => {
    const b = new SynthBoard(41);
    const cell = farFromZero(
      b,
      Array.from({ length: 42 }, (_, i) => i).filter((c) => c !== 3 && c !== 10),
    );
    const h = settledHarness(b, [3, 10]);
    b.fault(cell, 'dead', 60_000);
    h.run(1000);
    b.lift(3);
    h.run(500);
    b.place(cell); // unseen: the pivots alone feel it
    h.run(1500);
    b.lift(10);
    h.run(400);
    b.place(17);
    h.run(1000);
    b.lift(cell); // unseen again
    h.run(1500);
    expect(h.types().filter((t) => !t.startsWith('leaning'))).toEqual(['sensor-fault', 'sphere-lifted', 'sphere-lifted', 'sphere-placed']);
  });

  it('a dead pivot cell is a dead fault, with no phantom hand on the board', () => {
    // A pivot whose calibrated zero is far above raw 0: dead, it would read less than nothing.
    const b = [43, 44, 45, 46, 47].map((seed) => new SynthBoard(seed)).find((x) => zeroReadsG(x, 42) < -60)!;
    const pivot = 42;
    const h = settledHarness(b, HOME);
    b.fault(pivot, 'dead', 2000);
    h.run(1000);
    expect(h.types()).toEqual(['sensor-fault']);
    expect(h.of('sensor-fault')[0]).toMatchObject({ fault: 'dead', cell: pivot });
  });

  it('an all-zero cell is dead, not stuck, where its calibrated zero is elsewhere', () => {
    const b = new SynthBoard(44, { noiseCounts: 0 });
    const cell = farFromZero(b, HOME);
    const h = settledHarness(b, HOME);
    b.fault(cell, 'dead', 1000);
    h.run(800);
    expect(h.of('sensor-fault')).toMatchObject([{ fault: 'dead', cell }]);
  });

  it('spheres set down, lifted and bouncing on a live board never look dead', () => {
    for (let seed = 1; seed <= 5; seed++) {
      const b = new SynthBoard(seed);
      const h = settledHarness(b, HOME);
      for (let w = 0; w < 42; w += 3) {
        b.place(w);
        h.run(300);
        b.lift(w);
        h.run(300);
      }
      expect(h.of('sensor-fault')).toEqual([]);
    }
  });
});

describe('missing frames', () => {
  it('a gap notice is reported once, the timestamp jump that follows is the same gap, and it clears', () => {
    const b = new SynthBoard(31);
    const h = settledHarness(b, HOME);
    const { events } = stepSensing(h.state, { type: 'gap', missing: 5 }, b.t);
    expect(events).toMatchObject([{ type: 'frames-missing', missing: 5 }]);
    h.drop(5);
    h.run(50);
    expect(h.types()).toEqual([]);
    h.run(100);
    expect(h.types()).toEqual(['frames-resumed']);
  });

  it('a timestamp jump without a notice is reported with the number of frames lost', () => {
    const b = new SynthBoard(32);
    const h = settledHarness(b, HOME);
    h.drop(12);
    h.run(200);
    expect(h.types()).toEqual(['frames-missing', 'frames-resumed']);
    expect(h.of('frames-missing')[0]!.missing).toBe(12);
  });

  it('a placement hidden in a gap is still reported once, after the gap', () => {
    const b = new SynthBoard(33);
    const h = settledHarness(b, HOME);
    b.place(24);
    h.run(25);
    h.drop(10);
    h.run(600);
    expect(h.types().filter((t) => t.startsWith('sphere'))).toEqual(['sphere-placed']);
  });

  it.each([
    [17, 24],
    [24, 17],
  ])('a sphere taken from %i to a neighbour %i while frames were missing is a lift then a placement, not a roll nobody saw', (from, to) => {
    const b = new SynthBoard(35);
    const h = settledHarness(b, [from, 3]);
    b.lift(from);
    h.drop(30);
    b.place(to);
    h.drop(40);
    h.run(600);
    const moves = h.log.map((l) => l.event).filter((e) => e.type.startsWith('sphere'));
    expect(moves).toMatchObject([
      { type: 'sphere-lifted', well: from },
      { type: 'sphere-placed', well: to },
    ]);
  });

  it('a roll still under way when the frames come back is still a roll', () => {
    const b = new SynthBoard(36);
    const h = settledHarness(b, [17, 3]);
    b.roll(17, 24, 400);
    h.drop(2);
    h.run(1000);
    expect(h.types().filter((t) => t.startsWith('sphere'))).toEqual(['sphere-rolled']);
  });

  it('board time keeps growing across the uint32 wrap of millis()', () => {
    const b = new SynthBoard(34, { startMs: 2 ** 32 - 500 });
    const h = settledHarness(b, HOME);
    b.place(24);
    h.run(600);
    expect(h.types()).toEqual(['sphere-placed']);
    expect(h.of('sphere-placed')[0]!.atMs).toBeGreaterThan(2 ** 32);
  });
});
