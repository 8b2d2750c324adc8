import { afterEach, describe, expect, it } from 'vitest';
import { parseSpeed, VirtualClock } from '../../src/app/virtual-clock.ts';

const realSetTimeout = globalThis.setTimeout;
let clock: VirtualClock | undefined;

afterEach(async () => {
  await clock?.stop();
  clock = undefined;
});

describe('parseSpeed', () => {
  it.each([
    ['1', 1],
    ['4', 4],
    ['0.5', 0.5],
    ['max', 'max'],
  ])('%s', (text, speed) => expect(parseSpeed(text)).toEqual({ ok: true, value: speed }));

  it.each(['0', '-1', 'fast', '', '1e3', 'Infinity', '0.0'])('%j is refused', (text) => {
    const r = parseSpeed(text);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toBe(`--speed must be a number > 0 or 'max', got '${text}'`);
  });
});

describe('VirtualClock', () => {
  it("time stands still on its scheduler until driven, and the process's own timers are untouched", async () => {
    clock = new VirtualClock({ speed: 'max' });
    let fired = false;
    clock.scheduler.setTimeout(() => (fired = true), 10);
    await new Promise((resolve) => setImmediate(resolve));
    expect([fired, clock.nowMs]).toEqual([false, 0]);
    expect(globalThis.setTimeout).toBe(realSetTimeout);
  });

  it('at max speed an hour of its timers passes in moments', async () => {
    clock = new VirtualClock({ speed: 'max', stepMs: 1000 });
    const { scheduler } = clock;
    await clock.start();
    const t0 = scheduler.now();
    const realStart = performance.now();
    await new Promise((resolve) => scheduler.setTimeout(() => resolve(undefined), 3_600_000));
    expect(scheduler.now() - t0).toBeGreaterThanOrEqual(3_600_000);
    expect(performance.now() - realStart).toBeLessThan(60_000);
    await clock.stop();
  });

  it('paced (speed 50): the same steps, so the same virtual times as at max', async () => {
    const firings = async (speed: number | 'max'): Promise<number[]> => {
      clock = new VirtualClock({ speed, stepMs: 7 });
      const { scheduler } = clock;
      const at: number[] = [];
      const start = scheduler.now();
      const done = new Promise<void>((resolve) => {
        const timer = scheduler.setInterval(() => {
          at.push(scheduler.now() - start);
          if (at.length === 20) {
            scheduler.clear(timer);
            resolve();
          }
        }, 25);
      });
      await clock.start();
      await done;
      await clock.stop();
      return at;
    };
    const fast = await firings('max');
    expect(await firings(50)).toEqual(fast);
    expect(fast.at(-1)).toBe(500);
  });

  it('fastForward: resolves with the work, or Timeout after maxMs of virtual time', async () => {
    clock = new VirtualClock();
    const { scheduler } = clock;
    const slow = new Promise((resolve) => scheduler.setTimeout(() => resolve('late'), 5000));
    expect(await clock.fastForward(slow, 1000)).toEqual({ ok: false, error: 'Timeout' });
    expect(clock.nowMs).toBe(1000);
    expect(await clock.fastForward(slow, 10_000)).toEqual({ ok: true, value: 'late' });
    expect(clock.nowMs).toBeGreaterThanOrEqual(5000);
  });
});
