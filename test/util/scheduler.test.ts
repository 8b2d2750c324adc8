import sinon from 'sinon';
import { describe, expect, it } from 'vitest';
import { ManualScheduler, realScheduler } from '../../src/util/scheduler.ts';

describe('ManualScheduler', () => {
  it('fires timers in time order, each at its own time, only as the clock is advanced', () => {
    const s = new ManualScheduler(1000);
    const seen: string[] = [];
    s.setTimeout(() => seen.push(`b@${s.now()}`), 20);
    s.setTimeout(() => seen.push(`a@${s.now()}`), 10);
    s.setTimeout(() => seen.push(`a2@${s.now()}`), 10);
    expect(seen).toEqual([]);
    s.advance(15);
    expect(seen).toEqual(['a@1010', 'a2@1010']);
    expect(s.now()).toBe(1015);
    s.advance(100);
    expect(seen).toEqual(['a@1010', 'a2@1010', 'b@1020']);
    expect(s.pendingCount).toBe(0);
  });

  it('repeats intervals, runs timers set by timers, and forgets cleared ones', () => {
    const s = new ManualScheduler();
    const ticks: number[] = [];
    const every = s.setInterval(() => ticks.push(s.now()), 10);
    const gone = s.setTimeout(() => ticks.push(-1), 5);
    s.clear(gone);
    s.setTimeout(() => s.setTimeout(() => ticks.push(1000 + s.now()), 3), 12);
    s.advance(35);
    expect(ticks).toEqual([10, 1015, 20, 30]);
    s.clear(every);
    s.advance(100);
    expect(ticks).toHaveLength(4);
  });
});

describe('realScheduler', () => {
  it('uses the globals at call time, so fake timers drive it', () => {
    const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'] });
    try {
      const seen: number[] = [];
      const t0 = realScheduler.now();
      realScheduler.setTimeout(() => seen.push(realScheduler.now() - t0), 50);
      const every = realScheduler.setInterval(() => seen.push(-1), 30);
      clock.tick(70);
      realScheduler.clear(every);
      clock.tick(100);
      expect(seen).toEqual([-1, 50, -1]);
    } finally {
      clock.restore();
    }
  });
});
