// Link faults at random moments of an autoplayed match, in memory and in virtual time (the
// deterministic counterpart of link-faults.test.ts on a pty): lines dropped, 1–4 s stalls of
// the frames, the cable pulled with and without a reboot, reboots with a sphere in hand. The
// simulated players redo a turn the referee asks to be put back, and think again only when
// the referee and the board disagree without a word (their tidy-up). So the test holds the
// referee to the rule "never silence": no tidy-up, and exactly the moves of the run without
// faults, in order.
//
// The seeds are ones where a move went unsaid before the referee reconciled an unheard board:
// a capture completed during a stall looked like a lift, and the referee waited for a placement
// that had already happened (autoplay 5); a Rolled foul put right and the move made while the
// cable was out left the board as the foul had, and the referee waited for the restoration
// (autoplay 9).
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/util/rng.ts';
import type { Verdict } from '../../src/referee/verdicts.ts';
import { START_SPN } from '../../src/games/senryaku/rules/spn.ts';
import { Session, fakeTimers, simBoard, useE2E } from './harness.ts';

const e2e = useE2E();
const SETTINGS = { match: { trackLength: 9, colours: 'alternate' as const } };
/** [autoplay seed, fault seed]. */
const SEEDS: readonly (readonly [number, number])[] = [
  [5, 6],
  [5, 17],
  [5, 23],
  [9, 35],
];
const MOVES = 30;

const FAULTS = ['drop', 'stall', 'unplug', 'unplug-no-reboot', 'reboot'] as const;

const moveKey = (v: Verdict): string | undefined =>
  v.type === 'move' ? `${v.side} ${v.move}` : v.type === 'game-over' ? `game ${v.game} ${v.winner} ${v.reason}` : undefined;

async function run(autoplaySeed: number, faultSeed: number | undefined, moves: number) {
  const clock = fakeTimers();
  const board = simBoard(START_SPN, 7);
  const tidyUps: string[] = [];
  const faults: string[] = [];
  try {
    const s = await Session.start({ calibration: e2e.calibration, clock, board, autoplaySeed, settings: SETTINGS });
    s.app.bus.on('notice', {}, (n) => n.message.startsWith('autoplay') && tidyUps.push(n.message));
    const rng = faultSeed === undefined ? undefined : new Rng(faultSeed);
    const count = (): number => s.verdicts.filter((v) => v.type === 'move').length;
    for (let t = 0; count() < moves && t < 40 * 60_000;) {
      const step = 200 + Math.floor((rng?.float() ?? 0.5) * 3000);
      await s.run(step);
      t += step;
      if (!rng || rng.float() >= 0.5) continue;
      const kind = FAULTS[Math.floor(rng.float() * FAULTS.length)]!;
      faults.push(kind);
      if (kind === 'drop') board.sim.setLinkFaults({ dropNext: 1 + Math.floor(rng.float() * 40) });
      else if (kind === 'stall') board.sim.setLinkFaults({ dropNext: 80 + Math.floor(rng.float() * 240) });
      else if (kind === 'unplug' || kind === 'unplug-no-reboot') {
        board.sim.unplug();
        await s.run(500 + Math.floor(rng.float() * 2500));
        board.sim.plugIn({ reboot: kind === 'unplug' });
      } else board.sim.reboot();
      await s.run(8000);
    }
    await s.stop();
    return { verdicts: s.verdicts, tidyUps, faults };
  } finally {
    board.dispose();
    clock.restore();
  }
}

const references = new Map<number, string[]>();

describe('end to end: link faults at random moments, in virtual time', { timeout: 120_000 }, () => {
  it.each(SEEDS)('autoplay seed %i, fault seed %i: every move said, the same moves as without faults', async (autoplay, seed) => {
    const reference = references.get(autoplay) ?? (await run(autoplay, undefined, MOVES + 5)).verdicts.flatMap((v) => moveKey(v) ?? []);
    references.set(autoplay, reference);
    const faulty = await run(autoplay, seed, MOVES);
    expect(faulty.faults.length).toBeGreaterThanOrEqual(5);
    expect(faulty.tidyUps).toEqual([]);
    const live = faulty.verdicts.flatMap((v) => moveKey(v) ?? []);
    expect(live.length).toBeGreaterThanOrEqual(MOVES);
    expect(live).toEqual(reference.slice(0, live.length));
    // Every resync asked for was done before play went on.
    let open = false;
    for (const v of faulty.verdicts) {
      if (v.type === 'resync-needed') open = true;
      if (v.type === 'resync-done') open = false;
      if (v.type === 'move' && !v.unheard) expect(open).toBe(false);
    }
    const inferred = faulty.verdicts.filter((v) => v.type === 'move' && v.unheard).length;
    const resyncs = faulty.verdicts.filter((v) => v.type === 'resync-needed').length;
    console.info(
      `fault seed ${seed}: ${faulty.faults.join(', ')}; ${live.length} moves and results as without faults; ${inferred} inferred, ${resyncs} resyncs`,
    );
  });
});
