/**
 * kill -9 at random moments, each resumed (issue 22): an autoplayed match refereed by
 * `senryaku referee --sim --autoplay --json` as a chain of processes, each killed (SIGKILL) a
 * random time after its first output and resumed with `--resume`, at `--speed max` and at
 * speed 1. After each chain, what was said on stdout across its sessions (deduplicated by
 * seq) is held against the journal and `replay --json` of it. A chain whose match ends
 * before the kill is closed there and the next kills go to a new match.
 * Prints, per speed: kills, how many left a verdict journaled but not yet said (the window
 * the resume's repeat closes), verdicts checked, and chains where what was said and the
 * journal or its replay differ.
 * Run: npx tsx bench/kill-resume.ts [--kills N] [--seed N] [--speeds max,1]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CalibrationStore } from '../src/calibration/store.ts';
import { calibrateSimulatedBoard } from '../src/app/sim-calibration.ts';
import { Rng } from '../src/util/rng.ts';
import { runChain, sayings, type Ending } from '../test/e2e/kill-chain.ts';

const { values } = parseArgs({
  options: {
    kills: { type: 'string', default: '20' },
    seed: { type: 'string', default: '2026' },
    speeds: { type: 'string', default: 'max,1' },
  },
});
const KILLS = Number(values.kills);
const BOARD_SEED = 3;
/** How long after its first output a session is killed, by speed (ms of wall time). */
const KILL_MS: Readonly<Record<string, [number, number]>> = { max: [50, 1500], '1': [300, 4000] };

const dir = mkdtempSync(join(tmpdir(), 'senryaku-bench-kill-'));
const calibrationDir = join(dir, 'cal');
const cal = await calibrateSimulatedBoard({ seed: BOARD_SEED, store: new CalibrationStore(calibrationDir) });
if (!cal.ok) throw new Error(cal.error);

let failed = false;
for (const speed of values.speeds.split(',')) {
  const rng = new Rng(Number(values.seed));
  const [lo, hi] = KILL_MS[speed] ?? [300, 4000];
  const started = performance.now();
  let kills = 0;
  let unsaid = 0;
  let verdicts = 0;
  let chains = 0;
  const differ: string[] = [];
  while (kills < KILLS) {
    const endings: Ending[] = Array.from({ length: KILLS - kills }, () => ({ killAfterMs: rng.int(lo, hi) }));
    let report: Awaited<ReturnType<typeof runChain>>;
    try {
      report = await runChain({ journalDir: join(dir, `${speed}-${chains++}`), calibrationDir, seed: BOARD_SEED, speed, endings });
    } catch (e) {
      differ.push(`a session failed: ${(e as Error).message.split('\n').slice(0, 3).join(' | ')}`);
      break;
    }
    const done = report.sessions.filter((s) => 'killAfterMs' in s.ending && s.outcome === 'as-planned').length;
    kills += done;
    const said = sayings(report);
    unsaid += said.killsWithUnsaid;
    verdicts += report.stored.length;
    const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
    if (
      !same(said.said, report.stored) ||
      !same(report.replayed, report.stored) ||
      said.inconsistent.length > 0 ||
      report.replayErrors.length > 0
    )
      differ.push(`${report.journal}: said ${said.saidSeqs.length}, journal ${report.stored.length}, replay ${report.replayed.length}`);
    if (done === 0 && report.sessions.length === 1) throw new Error('a match ended before its first kill: the kills come too late');
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.log(
    `--speed ${speed}: ${kills} kills in ${chains} match${chains === 1 ? '' : 'es'} (${seconds} s); ${unsaid} left a verdict journaled but not yet said; ` +
      `${verdicts} verdicts checked; said = journal = replay in ${chains - differ.length} of ${chains}`,
  );
  for (const d of differ) console.log(`  DIFFERS ${d}`);
  failed ||= differ.length > 0;
}
rmSync(dir, { recursive: true, force: true });
process.exitCode = failed ? 1 : 0;
