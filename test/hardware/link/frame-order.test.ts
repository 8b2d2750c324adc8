import { describe, expect, it } from 'vitest';
import { FrameOrder, type FrameFate } from '../../../src/hardware/link/frame-order.ts';

/** Frames given as [board ms, host ms]; the board's clock and the host's agree unless told. */
const fates = (order: FrameOrder, boot: number, frames: (number | [number, number])[]): FrameFate[] =>
  frames.map((f) => (typeof f === 'number' ? order.admit(boot, f, f) : order.admit(boot, f[0], f[1])));
const delivered = (order: FrameOrder, boot: number, frames: number[]): number[] =>
  frames.filter((f) => ['new', 'reanchored'].includes(order.admit(boot, f, f)));

describe('FrameOrder', () => {
  it('drops repeats and older frames of the same boot, not of another', () => {
    const order = new FrameOrder();
    expect(delivered(order, 1, [100, 112, 112, 105, 125])).toEqual([100, 112, 125]);
    expect(delivered(order, 2, [10, 22])).toEqual([10, 22]);
    expect(delivered(order, 1, [125, 137])).toEqual([137]);
  });

  it('refuses frames whose board time runs hours ahead of the host clock, and they never become the baseline', () => {
    const order = new FrameOrder(12.5);
    const H3 = 3 * 3600_000;
    expect(fates(order, 1, [1000, 1012, [1025 + H3, 1025], [1037 + H3, 1037], 1050, 1062])).toEqual([
      'new',
      'new',
      'ahead',
      'ahead',
      'new',
      'new',
    ]);
    expect(order.lastMs(1)).toBe(1062);
    expect(order.lastLeadMs).toBeGreaterThan(H3 - 100);
  });

  it('a board clock a second ahead after a long silence that the host saw too is genuine', () => {
    const order = new FrameOrder(12.5);
    expect(fates(order, 1, [1000, 1012, [61_012, 61_030], [61_025, 61_031]])).toEqual(['new', 'new', 'new', 'new']);
  });

  it('a backlog delivered late (a host that stalled) is fine: frames may come late, never early', () => {
    const order = new FrameOrder(12.5);
    const backlog: [number, number][] = Array.from({ length: 200 }, (_, i) => [1012 + 12.5 * (i + 1), 4000]);
    expect(new Set(fates(order, 1, [1000, 1012, ...backlog]))).toEqual(new Set(['new']));
  });

  it('a flood: frames closer than half a period are dropped, and a running clock faster than the host is stopped', () => {
    const order = new FrameOrder(12.5);
    expect(fates(order, 1, [1000, 1012, [1014, 1013], [1016, 1013]])).toEqual(['new', 'new', 'soon', 'soon']);
    // 8 frames a period, each stamped a period on: the board clock runs 8× the host's.
    const flood: [number, number][] = Array.from({ length: 400 }, (_, i) => [1025 + 12.5 * i, 1013 + (12.5 / 8) * i]);
    const got = fates(new FrameOrder(12.5), 1, [1000, 1012, ...flood]);
    expect(got.filter((f) => f === 'new').length).toBeLessThan(60);
    expect(got.slice(-100).every((f) => f === 'ahead')).toBe(true);
  });

  it('a time line that holds against the host clock for a second is followed (the first frames were the wrong ones)', () => {
    const order = new FrameOrder(12.5);
    const H3 = 3 * 3600_000;
    // The boot's first two frames were forged three hours ahead; the genuine ones look old.
    fates(order, 1, [
      [1000 + H3, 1000],
      [1012 + H3, 1012],
    ]);
    const genuine = Array.from({ length: 100 }, (_, i) => 1025 + Math.round(12.5 * i));
    const got = fates(order, 1, genuine);
    const first = got.indexOf('reanchored');
    expect(first).toBeGreaterThan(0);
    expect(genuine[first]! - genuine[0]!).toBeLessThanOrEqual(1100);
    expect(got.slice(first + 1).every((f) => f === 'new')).toBe(true);
  });

  it('works across the uint32 wrap', () => {
    const order = new FrameOrder();
    const top = 2 ** 32 - 10;
    expect(
      fates(order, 1, [
        [top, 0],
        [(top + 12) >>> 0, 12],
        [(top + 12) >>> 0, 13],
        [(top + 25) >>> 0, 25],
      ]),
    ).toEqual(['new', 'new', 'old', 'new']);
  });
});
