// The latency bench's sessions at a small size, on a fixed host clock so the figures depend
// on the seeds alone: every hand action and crash is reported to the referee, and the
// verdicts are out within issue 10's targets after the load is steady (simulated time:
// frames, UART and the board's debounce, never this machine's speed).
import { describe, expect, it } from 'vitest';
import { TARGET_MS } from '../../bench/latency.ts';
import { collectLatency } from '../../bench/latency/collect.ts';
import { summarise } from '../../bench/latency/measure.ts';
import { ACTION_KINDS } from '../../bench/latency/truth.ts';

describe('latency bench', () => {
  it('reports every action, each kind within its target', async () => {
    const { byKind, drills, stuckTurns } = await collectLatency({ seeds: 1, games: 2, crashDrills: 6, hostClock: () => 0 });
    expect(stuckTurns).toBe(0);
    expect(drills).toBeGreaterThan(0);
    for (const kind of ACTION_KINDS) {
      const f = byKind[kind];
      expect(f.unmatched, kind).toEqual([]);
      expect(f.samples.length, kind).toBeGreaterThan(0);
      const steady = summarise(f.samples.map((s) => s.fromSteadyMs));
      const target = TARGET_MS[kind];
      if (target !== undefined) expect(steady.max, kind).toBeLessThanOrEqual(target);
      // Never before the action. A roll may be known before the sphere rests (the load has
      // moved over), so only its time from contact must be positive.
      for (const s of f.samples) {
        expect(s.fromContactMs).toBeGreaterThan(0);
        expect(s.fromContactMs).toBeGreaterThanOrEqual(s.fromSteadyMs);
        if (kind !== 'roll') expect(s.fromSteadyMs).toBeGreaterThan(0);
      }
    }
  }, 60_000);
});
