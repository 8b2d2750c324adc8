// A match whose journal's disk fills up (a small tmpfs) while `senryaku referee` runs, killed
// (SIGKILL) while its records go to the fallback journal: `replay` and `--resume` read it
// across both files, and a resume once the disk has room again makes the journal whole and
// removes the fallback. What was said, deduplicated by seq, is the journal every time.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, truncateSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CalibrationStore } from '../../src/calibration/store.ts';
import { calibrateSimulatedBoard } from '../../src/app/sim-calibration.ts';
import type { Verdict } from '../../src/referee/verdicts.ts';
import { CLI, bare, journalVerdicts, runSession, type Said } from './kill-chain.ts';
import { cannotMount, fillUp, smallTmpfs } from './small-disk.ts';

const SEED = 3;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'senryaku-split-'));
  const cal = await calibrateSimulatedBoard({ seed: SEED, store: new CalibrationStore(join(dir, 'cal')) });
  if (!cal.ok) throw new Error(cal.error);
}, 60_000);

const replay = (journal: string, fallbackDir: string): { verdicts: Verdict[]; stderr: string; status: number | null } => {
  const r = spawnSync(process.execPath, [CLI, 'replay', '--json', '--fallback-journal-dir', fallbackDir, journal], { encoding: 'utf8' });
  return {
    verdicts: r.stdout
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Verdict),
    stderr: r.stderr,
    status: r.status,
  };
};

describe('a journal split across a full disk and its fallback', () => {
  it.skipIf(cannotMount)('replay and --resume read it whole; a resume with room again makes it whole', { timeout: 180_000 }, async () => {
    const disk = smallTmpfs(1024);
    if (!disk) throw new Error('cannot mount a tmpfs');
    try {
      // Full but for 40 kB: the journal starts, and fills the disk within seconds of play.
      const filler = fillUp(disk.dir);
      truncateSync(filler, statSync(filler).size - 40 * 1024);
      const fallback = join(dir, 'fallback');
      const elsewhere = mkdtempSync(join(tmpdir(), 'senryaku-no-fallback-'));
      const args = [
        'referee',
        '--sim',
        '--seed',
        String(SEED),
        '--autoplay',
        '--json',
        '--speed',
        'max',
        '--calibration-dir',
        join(dir, 'cal'),
      ];
      const quiet = ['--scoreboard', 'none', '--http', 'off', '--mqtt-listen', 'off', '--db', 'off', '--fallback-journal-dir', fallback];
      const first = await runSession([...args, ...quiet, '--journal-dir', disk.dir], { hookAt: 60 }, 0);
      expect(first.outcome).toBe('as-planned');
      expect(first.stderr).toMatch(/JOURNAL FALLBACK: .*ENOSPC.*writing to the fallback journal/);
      const journal = join(
        disk.dir,
        readdirSync(disk.dir).find((f) => f.endsWith('.jsonl.gz'))!,
      );
      const fallbacks = (): string[] => readdirSync(fallback).filter((f) => f.includes('.fallback-'));
      expect(fallbacks()).toHaveLength(1);
      const whole = journalVerdicts(journal, [fallback]);
      expect(whole.length).toBeGreaterThanOrEqual(60);
      expect(journalVerdicts(journal, [elsewhere]).length).toBeLessThan(40); // the journal's own file alone

      // replay reads it across both; without the fallback it would lack most of the match.
      const split = replay(journal, fallback);
      expect(split.status).toBe(0);
      expect(split.stderr).toMatch(/note: the journal goes on in the fallback journal .*: read with it/);
      expect(split.verdicts).toEqual(whole);

      // Resumed with the disk still full: it says what the kill left unsaid, and goes on in a new fallback.
      const second = await runSession([...args, ...quiet, '--resume', journal], { killAfterMs: 500 }, whole.length);
      expect(second.said.filter((v) => v.repeated).map((v) => v.seq)).toContain(60);
      expect(fallbacks().length).toBeGreaterThanOrEqual(1);
      // The journal's torn tail (the write the full disk cut short) went aside where there was room.
      expect(second.stderr).toMatch(/moved aside to .*fallback.*\.torn-1/);

      // Room again: the next resume writes what the fallbacks hold into the journal and removes them.
      rmSync(filler);
      const journaled = journalVerdicts(journal, [fallback]).length;
      const third = await runSession([...args, ...quiet, '--resume', journal], { stop: true }, journaled);
      expect(third.stderr).toMatch(/while its disk failed: read with it, and written back into it/);
      expect(fallbacks()).toEqual([]);
      const final = journalVerdicts(journal, [elsewhere]);
      const said = new Map<number, Verdict>();
      for (const v of [...first.said, ...second.said, ...third.said] as Said[]) if (!said.has(v.seq)) said.set(v.seq, bare(v));
      expect([...said.keys()].sort((a, b) => a - b)).toEqual(final.map((_, i) => i + 1));
      expect([...said.entries()].sort(([a], [b]) => a - b).map(([, v]) => v)).toEqual(final);
      const check = replay(journal, elsewhere);
      expect(check.status).toBe(0);
      expect(check.verdicts).toEqual(final);
    } finally {
      disk.unmount();
    }
  });
});
