/**
 * Latency bench: how long after a hand acts on the board the referee's verdict is out, for
 * lifts, placements, rolls and crashes, on a noisy board (HX711 noise, every cell's zero
 * wandering up to 8 g/min, a common 1 g/min temperature ramp, rolls of 150–600 ms that
 * sometimes pause half-way, hesitant and fast players).
 *
 * The clock starts at two moments the simulator knows (bench/latency/truth.ts):
 *   - first contact: the fingers start to take a sphere's weight (lift), the sphere touches
 *     down (place), it starts to roll (roll); for a crash, the hand action that tipped it;
 *   - physically steady: the noise-free load stays within ±1 g of where it ends up (lift:
 *     the sphere has left the well; place: the bounce is over; roll: it rests in the new
 *     well); for a crash, the tilt switch closing.
 * It stops when the verdicts of the board line that reported the action are out: the line
 * leaves the board, crosses the UART at 500 000 baud, and the host's pipeline (decode →
 * plausibility → sensing → referee) has run on it (bench/latency/session.ts).
 * A roll can be known before the sphere rests (once the load has moved over), so its
 * figure from steady may be negative.
 * Targets (issue 10): placement p99 ≤ 50 ms from steady, lift ≤ 50 ms from steady, crash
 * ≤ 50 ms from the tilt switch.
 *
 * Crashes are rare in sensible play, so crash drills add games that start where a move
 * would crash the board, and the player makes it (bench/latency/crash-positions.ts).
 *
 * Run: npm run bench:latency [-- --seeds N --games N --crashes N]   (default 4 × 12 games, 100 crash drills)
 */
import { parseArgs } from 'node:util';
import { collectLatency, NOISY } from './latency/collect.ts';
import { FRAME_MS, summarise } from './latency/measure.ts';
import { ACTION_KINDS, type ActionKind } from './latency/truth.ts';

const LABEL: Record<ActionKind, string> = { lift: 'lift', place: 'placement', roll: 'roll', crash: 'crash' };

export const TARGET_MS: Partial<Record<ActionKind, number>> = { lift: 50, place: 50, crash: 50 };

export async function latencyReport(seeds: number, games: number, crashDrills: number, log: (line: string) => void): Promise<boolean> {
  const { byKind: all, drills, stuckTurns: stuck, simMs } = await collectLatency({ seeds, games, crashDrills });
  log(
    `${seeds} seeds × ${games} games and ${drills} crash drills, ${(simMs / 60_000).toFixed(0)} simulated minutes; ` +
      `zero drift up to ${NOISY.walkGPerMin} g/min per cell, ramp ${NOISY.rampGPerMin} g/min`,
  );
  log('verdict out after         from steady (p50 / p99 / max)        from contact (p50 / p99 / max)      n');
  const fmt = (ms: number): string => `${ms.toFixed(0)} ms (${(ms / FRAME_MS).toFixed(1)} fr)`;
  let withinTargets = true;
  for (const k of ACTION_KINDS) {
    const f = all[k];
    const steady = summarise(f.samples.map((s) => s.fromSteadyMs));
    const contact = summarise(f.samples.map((s) => s.fromContactMs));
    const target = TARGET_MS[k];
    const ok = target === undefined || steady.p99 <= target;
    withinTargets &&= ok;
    const steadyText = `${fmt(steady.p50)} / ${fmt(steady.p99)} / ${fmt(steady.max)}`;
    log(
      `${LABEL[k].padEnd(10)} ${steadyText.padEnd(48)} ${`${fmt(contact.p50)} / ${fmt(contact.p99)} / ${fmt(contact.max)}`.padEnd(48)} ${steady.n}` +
        (target === undefined ? '' : `   target p99 ≤ ${target} ms: ${ok ? 'met' : 'MISSED'}`),
    );
    if (f.unmatched.length > 0) log(`  ${f.unmatched.length} ${LABEL[k]}s never reported, e.g. ${JSON.stringify(f.unmatched.slice(0, 3))}`);
    if (f.silent > 0) log(`  ${f.silent} ${LABEL[k]}s reported to the referee without a verdict at that line`);
  }
  if (stuck > 0) log(`${stuck} turns were never accepted by the referee (abandoned)`);
  return withinTargets;
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const { values } = parseArgs({
    options: {
      seeds: { type: 'string', default: '4' },
      games: { type: 'string', default: '12' },
      crashes: { type: 'string', default: '100' },
    },
  });
  const t0 = performance.now();
  const ok = await latencyReport(Number(values.seeds), Number(values.games), Number(values.crashes), (l) => console.log(l));
  console.log(`(${((performance.now() - t0) / 1000).toFixed(1)} s wall time)`);
  process.exitCode = ok ? 0 : 1;
}
