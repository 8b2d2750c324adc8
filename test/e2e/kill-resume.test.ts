// The host killed (SIGKILL: no clean-up of any kind) over and over during an autoplayed
// match, each time resumed with `--resume JOURNAL --sim --autoplay`, at --speed max and at
// speed 1. Most kills land exactly between journaling a verdict (flushed, fdatasynced) and
// saying it, through the test hook SENRYAKU_TEST_KILL_BEFORE_ANNOUNCING; the others at
// random moments. After every chain: what was said on `--json` stdout across the sessions,
// deduplicated by seq, is the journal's verdicts and `replay` of the journal, one for one,
// and every verdict a kill left unsaid was said by the next session, marked repeated.
// (`npx tsx bench/kill-resume.ts` runs 20 random kills at each speed.)
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CalibrationStore } from '../../src/calibration/store.ts';
import { calibrateSimulatedBoard } from '../../src/app/sim-calibration.ts';
import { Rng } from '../../src/util/rng.ts';
import { runChain, sayings, type ChainReport, type Ending } from './kill-chain.ts';

const SEED = 3;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'senryaku-kill-'));
  const cal = await calibrateSimulatedBoard({ seed: SEED, store: new CalibrationStore(join(dir, 'cal')) });
  if (!cal.ok) throw new Error(cal.error);
}, 60_000);

/** `hooked` kills between journal and announcement, each a few verdicts after the last, then `random` ones at random moments. */
function endingsFor(
  seed: number,
  hooked: number,
  random: number,
  firstSeq: number,
  step: [number, number],
  killMs: [number, number],
): Ending[] {
  const rng = new Rng(seed);
  const endings: Ending[] = [];
  let seq = firstSeq;
  for (let i = 0; i < hooked; i++) {
    endings.push({ hookAt: seq });
    seq += rng.int(step[0], step[1]);
  }
  for (let i = 0; i < random; i++) endings.push({ killAfterMs: rng.int(killMs[0], killMs[1]) });
  return endings;
}

async function check(name: string, speed: string, endings: readonly Ending[], matchArgs: string[] = []): Promise<ChainReport> {
  const report = await runChain({ journalDir: join(dir, name), calibrationDir: join(dir, 'cal'), seed: SEED, speed, endings, matchArgs });
  const { sessions, stored } = report;
  expect(sessions.map((s) => s.outcome)).toEqual(sessions.map(() => 'as-planned'));
  expect(sessions).toHaveLength(endings.length + 1);
  sessions.forEach((s, i) => {
    if (i > 0) expect(s.stderr).not.toMatch(/internal error|differs/);
    const before = i > 0 ? sessions[i - 1]! : undefined;
    const repeats = s.said.filter((v) => v.repeated).map((v) => v.seq);
    // A resume says again only what the journal held before it.
    expect(repeats.every((seq) => seq <= (before?.journaled ?? 0))).toBe(true);
    const hookAt = 'hookAt' in s.ending ? s.ending.hookAt : undefined;
    if (typeof hookAt === 'number') {
      // Killed with verdict hookAt on disk (and any refereed with it) and not yet said...
      expect(s.journaled).toBeGreaterThanOrEqual(hookAt);
      expect(s.said.map((v) => v.seq)).not.toContain(hookAt);
    }
    // ... which the next session says first, marked repeated.
    const killedAt = before && 'hookAt' in before.ending ? before.ending.hookAt : undefined;
    if (typeof killedAt === 'number') expect(repeats).toContain(killedAt);
  });
  const said = sayings(report);
  expect(said.inconsistent).toEqual([]);
  expect(said.saidSeqs).toEqual(stored.map((_, i) => i + 1));
  expect(said.said).toEqual(stored);
  expect(report.replayErrors).toEqual([]);
  expect(report.replayed).toEqual(stored);
  expect(report.check).toMatch(new RegExp(`in ${sessions.length} sessions, identical to the journal`));
  expect(said.killsWithUnsaid).toBeGreaterThanOrEqual(endings.filter((e) => 'hookAt' in e).length);
  return report;
}

describe('kill -9 and resume', () => {
  it(
    '--speed max: 6 kills between journal and announcement, 3 at random moments; what was said is the journal and its replay',
    { timeout: 300_000 },
    async () => {
      // A match to 16 (about 770 verdicts, 5 s on a quiet machine): six hooked kills reach seq 50 at
      // most and three random ones up to 0.8 s of play each, so the last kill still lands in play on a
      // quick machine (with the default 6 points, ~180 verdicts, a fast CI machine finished the
      // match before the last kill).
      await check('max', 'max', endingsFor(2026, 6, 3, 4, [3, 12], [100, 800]), ['--track', '16']);
    },
  );

  it(
    '--speed max: killed before the end of the match is said; the resume says it, marked repeated, and ends',
    { timeout: 300_000 },
    async () => {
      const report = await check('over', 'max', [{ hookAt: 'match-over' }], ['--track', '2']);
      expect(report.sessions[0]!.said.map((v) => v.type)).not.toContain('match-over');
      // Said again: the end, and what was said with it before the kill (the mark follows the whole batch).
      const again = report.sessions[1]!.said;
      expect(again.every((v) => v.repeated)).toBe(true);
      expect(again.at(-1)).toEqual({ ...report.stored.at(-1)!, seq: report.stored.length, repeated: true });
      expect(report.stored.at(-1)!.type).toBe('match-over');
    },
  );

  it(
    'speed 1: 2 kills between journal and announcement, 1 at a random moment; what was said is the journal and its replay',
    { timeout: 300_000 },
    async () => {
      await check('speed-1', '1', endingsFor(7, 2, 1, 3, [1, 2], [200, 1500]));
    },
  );
});
