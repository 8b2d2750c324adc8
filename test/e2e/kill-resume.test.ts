// The host killed (SIGKILL: no clean-up of any kind) at random moments of an autoplayed
// match, twenty times, each time resumed with `--resume JOURNAL --sim --autoplay`: the
// journal stays readable after every resume, and `replay --check` of the final journal
// reproduces exactly what was announced live, session by session.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { CalibrationStore } from '../../src/app/calibration-store.ts';
import { readJournal } from '../../src/app/journal.ts';
import { calibrateSimulatedBoard } from '../../src/app/sim-calibration.ts';
import { Rng } from '../../src/hardware/sim/rng.ts';
import type { Verdict } from '../../src/referee/verdicts.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SEED = 3;
const KILLS = 20;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'senryaku-kill-'));
  const cal = await calibrateSimulatedBoard({ seed: SEED, store: new CalibrationStore(join(dir, 'cal')) });
  if (!cal.ok) throw new Error(cal.error);
}, 60_000);

/** Runs the referee until it has announced something, then kills it after `killAfterMs`; resolves with what it printed. */
function runAndKill(args: string[], killAfterMs: number): Promise<{ verdicts: Verdict[]; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'bin/senryaku.js'), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let killTimer: ReturnType<typeof setTimeout> | undefined;
    const giveUp = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      killTimer ??= setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      clearTimeout(giveUp);
      clearTimeout(killTimer);
      if (signal !== 'SIGKILL' || killTimer === undefined) {
        reject(new Error(`the referee ended by itself (${signal ?? _code}) before it was killed:\n${stderr}`));
        return;
      }
      // A line cut short by the kill is not a verdict the players saw.
      const lines = stdout.split('\n').slice(0, -1);
      resolve({ verdicts: lines.map((l) => JSON.parse(l) as Verdict), stderr });
    });
  });
}

describe('kill -9 and resume', () => {
  it(
    `${KILLS} kills at random moments, each resumed: the journal stays readable and replays to exactly the live verdicts`,
    { timeout: 300_000 },
    async () => {
      const rng = new Rng(2026);
      const journalDir = join(dir, 'journal');
      const common = [
        'referee',
        '--sim',
        '--seed',
        String(SEED),
        '--autoplay',
        '--json',
        '--scoreboard',
        'none',
        '--calibration-dir',
        join(dir, 'cal'),
      ];
      const live: Verdict[][] = [];
      let journal: string | undefined;
      for (let i = 0; i < KILLS; i++) {
        const killAfterMs = rng.int(200, 3500);
        const run = await runAndKill([...common, ...(journal ? ['--resume', journal] : ['--journal-dir', journalDir])], killAfterMs);
        live.push(run.verdicts);
        journal ??= join(journalDir, readdirSync(journalDir)[0]!);
        const read = readJournal(journal);
        if (!read.ok) throw new Error(`after kill ${i + 1}: ${read.error.message}`);
        expect(read.value.sessions.length).toBe(i + 1);
        if (i > 0) expect(run.stderr).not.toMatch(/internal error|differs/);
      }

      const final = readJournal(journal!);
      if (!final.ok) throw new Error(final.error.message);
      // Each session's journal holds what that session announced, in order; only verdicts
      // written in the instant before the kill may not have reached the screen.
      final.value.sessions.forEach((session, i) => {
        const stored = session.records.flatMap(({ record }) => (record.kind === 'verdict' ? [record.verdict] : []));
        expect(stored.slice(0, live[i]!.length)).toEqual(live[i]);
        expect(stored.length - live[i]!.length).toBeLessThanOrEqual(3);
      });
      // The match went on across the restarts (a move takes the players about two seconds).
      const moves = live.flat().filter((v) => v.type === 'move').length;
      expect(moves).toBeGreaterThanOrEqual(5);

      const check = spawnSync(process.execPath, [join(ROOT, 'bin/senryaku.js'), 'replay', '--check', journal!], {
        cwd: ROOT,
        encoding: 'utf8',
      });
      expect(check.stderr.split('\n').filter((l) => !l.startsWith('note:') && l !== '')).toEqual([]);
      expect(check.status).toBe(0);
      expect(check.stdout).toMatch(new RegExp(`in ${KILLS} sessions, identical to the journal`));
    },
  );
});
