// What the cells read follows the script, converted back with the sim's own true offsets and scales.
import { describe, expect, it } from 'vitest';
import type { Frame } from '../../../src/protocol/index.ts';
import type { SimBoard } from '../../../src/hardware/sim/index.ts';
import { bootedBoardWithHost, type Host } from './helpers.ts';

const EMPTY_SPN = '7/7/7/7/7/7 w - -';
const PIVOT_WHITE = 42;
const PIVOT_BLACK = 43;

/** Grams each cell reads in a frame, by the board's true calibration. */
const gramsOf = (board: SimBoard, frame: Frame): number[] => [...frame.cells].map((c, cell) => board.sensors.gramsOf(cell, c));
const lastGrams = (board: SimBoard, host: Host): number[] => gramsOf(board, host.of('frame').at(-1) as Frame);
/** Grams of one cell over the frames received since `from`. */
const series = (board: SimBoard, host: Host, from: number, cell: number): number[] =>
  host
    .of('frame')
    .slice(from)
    .map((f) => board.sensors.gramsOf(cell, f.cells[cell] ?? 0));

function streaming(spn = EMPTY_SPN) {
  const { board, host } = bootedBoardWithHost({ seed: 11, position: spn });
  host.send({ type: 'start', seq: 1 });
  board.advance(200);
  return { board, host };
}

describe('sim loads', () => {
  it('cells have their own zero offsets (tens of thousands of counts) and scales within ±15 % of 429.5', () => {
    const { board } = streaming();
    const offsets = Array.from({ length: 44 }, (_, c) => board.sensors.offsetOf(c));
    const scales = Array.from({ length: 44 }, (_, c) => board.sensors.scaleOf(c));
    expect(Math.max(...offsets.map(Math.abs))).toBeGreaterThan(10_000);
    expect(new Set(offsets).size).toBe(44);
    for (const s of scales) expect(Math.abs(s / 429.5 - 1)).toBeLessThanOrEqual(0.15);
  });

  it('an empty board: wells read 0 g, pivots share the 720 g board', () => {
    const { board, host } = streaming();
    const g = lastGrams(board, host);
    for (let cell = 0; cell < 42; cell++) expect(Math.abs(g[cell] ?? NaN)).toBeLessThan(1);
    expect(g[PIVOT_WHITE]! + g[PIVOT_BLACK]!).toBeCloseTo(720, -0.5);
    expect(Math.abs(g[PIVOT_WHITE]! - g[PIVOT_BLACK]!)).toBeLessThan(2);
  });

  it('start position: 60 g in every occupied well, pivots carry 720 + 14 × 60 g', () => {
    const { board, host } = streaming('bbbBbbb/7/7/7/7/wwwWwww w - -');
    const g = lastGrams(board, host);
    for (let cell = 0; cell < 42; cell++) {
      const expected = cell < 7 || cell >= 35 ? 60 : 0;
      expect(Math.abs((g[cell] ?? NaN) - expected)).toBeLessThan(1);
    }
    expect(Math.abs(g[PIVOT_WHITE]! + g[PIVOT_BLACK]! - 1560)).toBeLessThan(3);
  });

  it('place: an impact spike and damped bounce, settled to 60 g within ~100 ms; lift: back to 0 g', async () => {
    const { board, host } = streaming('7/7/7/7/7/3W3 w - -');
    const lifted = board.lift('d1');
    board.advance(100);
    expect((await lifted).result.ok).toBe(true);
    expect(Math.abs(lastGrams(board, host)[3]!)).toBeLessThan(1);
    const from = host.of('frame').length;
    const placed = board.place('c3');
    board.advance(300);
    expect((await placed).result.ok).toBe(true);
    const c3 = series(board, host, from, 16);
    expect(Math.max(...c3) - 60).toBeGreaterThan(15); // the spike, as 80 SPS samples catch it
    expect(Math.abs(c3.at(-1)! - 60)).toBeLessThan(1);
    expect(board.snapshot().board).toBe('7/7/7/2W4/7/7');
  });

  it('roll: the weight moves over to the neighbour, shared on the way, and the board never loses it', async () => {
    const { board, host } = streaming('7/7/7/7/7/3w3 w - -');
    const from = host.of('frame').length;
    const rolled = board.roll('d1', 'd2', { durationMs: 250 });
    board.advance(400);
    expect((await rolled).result.ok).toBe(true);
    const d1 = series(board, host, from, 3);
    const d2 = series(board, host, from, 10);
    const sums = d1.map((g, i) => g + d2[i]!);
    for (const s of sums) expect(Math.abs(s - 60)).toBeLessThan(1.5);
    expect(d1.some((g, i) => g > 10 && d2[i]! > 10)).toBe(true); // shared mid-roll
    expect(Math.abs(d2.at(-1)! - 60)).toBeLessThan(1);
    expect(board.snapshot().board).toBe('7/7/7/7/3w3/7');
  });

  it('press: extra grams on the well while pressed (the pivots feel it too), then gone', async () => {
    const { board, host } = streaming();
    const before = lastGrams(board, host);
    const pressed = board.press('e3', 150, { durationMs: 300 });
    board.advance(200);
    const during = lastGrams(board, host);
    expect(Math.abs(during[18]! - 150)).toBeLessThan(1);
    expect(during[PIVOT_WHITE]! + during[PIVOT_BLACK]! - (before[PIVOT_WHITE]! + before[PIVOT_BLACK]!)).toBeCloseTo(150, -0.5);
    board.advance(200);
    expect((await pressed).result.ok).toBe(true);
    expect(Math.abs(lastGrams(board, host)[18]!)).toBeLessThan(1);
  });

  it('holdBoard: pivots change by the hand force, wells do not', async () => {
    const { board, host } = streaming('bbbBbbb/7/7/7/7/wwwWwww w - -');
    const before = lastGrams(board, host);
    void board.holdBoard(-400, { durationMs: 500 });
    board.advance(250);
    const during = lastGrams(board, host);
    const pivots = (g: number[]): number => g[PIVOT_WHITE]! + g[PIVOT_BLACK]!;
    expect(pivots(during) - pivots(before)).toBeCloseTo(-400, -0.5);
    for (let cell = 0; cell < 42; cell++) expect(Math.abs(during[cell]! - before[cell]!)).toBeLessThan(1);
    board.advance(400);
    expect(Math.abs(pivots(lastGrams(board, host)) - pivots(before))).toBeLessThan(2);
  });

  it('actions that cannot happen come back as coded errors', async () => {
    const { board } = streaming('7/7/7/7/7/3W3 w - -');
    const scheduled = [
      board.lift('a1'),
      board.place('a1'),
      board.roll('d1', 'f3'),
      board.lift('z9'),
      board.press('a1', -5, { durationMs: 10 }),
    ];
    board.advance(500);
    const outcomes = await Promise.all(scheduled);
    expect(outcomes.map((o) => (o.result.ok ? 'ok' : o.result.error.code))).toEqual([
      'EmptyWell',
      'EmptyHand',
      'NotNeighbour',
      'BadWell',
      'BadForce',
    ]);
  });
});
