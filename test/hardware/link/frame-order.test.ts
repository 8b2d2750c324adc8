import { describe, expect, it } from 'vitest';
import { FrameOrder } from '../../../src/hardware/link/frame-order.ts';

const admitted = (order: FrameOrder, boot: number, times: number[]) => times.filter((ms) => order.admit(boot, ms));

describe('FrameOrder', () => {
  it('drops repeats and older frames of the same boot, not of another', () => {
    const order = new FrameOrder();
    expect(admitted(order, 1, [100, 112, 112, 105, 125])).toEqual([100, 112, 125]);
    expect(admitted(order, 2, [10, 22])).toEqual([10, 22]);
    expect(admitted(order, 1, [125, 137])).toEqual([137]);
  });

  it('a damaged frame a minute ahead is delivered but does not make the genuine frames after it look old', () => {
    const order = new FrameOrder();
    expect(admitted(order, 1, [100, 112, 60_112, 125, 137])).toEqual([100, 112, 60_112, 125, 137]);
    expect(order.lastMs(1)).toBe(137);
  });

  it('a jump that the next frame follows becomes the baseline', () => {
    const order = new FrameOrder();
    expect(admitted(order, 1, [100, 112, 60_112, 60_125, 60_137, 200])).toEqual([100, 112, 60_112, 60_125, 60_137]);
  });

  it('works across the uint32 wrap', () => {
    const order = new FrameOrder();
    const top = 2 ** 32 - 10;
    expect(admitted(order, 1, [top, (top + 12) >>> 0, (top + 12) >>> 0, (top + 25) >>> 0])).toEqual([top, 2, 15]);
  });
});
