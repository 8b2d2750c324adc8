/**
 * A match refereed by `senryaku referee --sim --autoplay --json` as a chain of processes: each
 * killed (SIGKILL, no clean-up of any kind) by the test hook between journaling a verdict and
 * saying it, or at a random moment, then resumed with `--resume JOURNAL`; the last one is
 * stopped once it has said something new. What every session said on stdout is kept, to be
 * held against the journal and its replay. The kill-resume test and `bench/kill-resume.ts`
 * both run it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KILL_BEFORE_ANNOUNCING_ENV } from '../../src/app/fault-hooks.ts';
import { readJournal } from '../../src/journal/journal.ts';
import type { Verdict } from '../../src/referee/verdicts.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const CLI = join(ROOT, 'bin/senryaku.js');

/** One `--json` line: the verdict with its number in the match. */
export type Said = Verdict & { readonly seq: number; readonly repeated?: true };

/**
 * How a session ends: killed by the hook at a seq (or at the first verdict of a type), killed
 * `killAfterMs` after its first output, or stopped (SIGTERM) once it said something new (or
 * by itself: a resumed match that was over says what it had not said, and ends).
 */
export type Ending = { readonly hookAt: number | string } | { readonly killAfterMs: number } | { readonly stop: true };

export interface SessionRun {
  readonly ending: Ending;
  readonly said: readonly Said[];
  readonly stderr: string;
  /** How it really ended: as planned, or by itself (the match was over before the kill). */
  readonly outcome: 'as-planned' | 'ended-by-itself';
  /** Verdicts in the journal once it had ended. */
  readonly journaled: number;
}

/** One `senryaku` process with `args`, ended as `ending` says (`journaled`: verdicts its journal held before it, for a stop). */
export function runSession(args: string[], ending: Ending, journaled: number): Promise<Omit<SessionRun, 'journaled'>> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, ...('hookAt' in ending ? { [KILL_BEFORE_ANNOUNCING_ENV]: String(ending.hookAt) } : {}) };
    const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timer: ReturnType<typeof setTimeout> | undefined;
    const giveUp = setTimeout(() => child.kill('SIGKILL'), 120_000);
    // One SIGTERM only: a second, while the referee stops cleanly and still writes, ends it as Node's default does.
    let stopSent = false;
    // A line cut short by the kill is not a verdict anyone was told.
    const said = (): Said[] =>
      stdout
        .split('\n')
        .slice(0, -1)
        .map((l) => JSON.parse(l) as Said)
        .filter((v) => typeof v.seq === 'number');
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      if ('killAfterMs' in ending) timer ??= setTimeout(() => child.kill('SIGKILL'), ending.killAfterMs);
      if ('stop' in ending && !stopSent && said().some((v) => v.seq > journaled)) {
        stopSent = true;
        child.kill('SIGTERM');
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(giveUp);
      clearTimeout(timer);
      // Killed after the match was over and said (before the process could end by itself): nothing to resume.
      const over = code === 2 && /is over: nothing to resume/.test(stderr);
      if (signal === 'SIGKILL' && !('stop' in ending)) resolve({ ending, said: said(), stderr, outcome: 'as-planned' });
      else if (code === 0 || over)
        resolve({ ending, said: said(), stderr, outcome: 'stop' in ending && !over ? 'as-planned' : 'ended-by-itself' });
      else reject(new Error(`the referee ended with ${signal ?? code} (${JSON.stringify(ending)}):\n${stderr}`));
    });
  });
}

export function journalVerdicts(path: string, fallbackDirs?: readonly string[]): Verdict[] {
  const read = readJournal(path, undefined, fallbackDirs ? { fallbackDirs } : {});
  if (!read.ok) throw new Error(read.error.message);
  return read.value.records.flatMap((r) => (r.kind === 'verdict' ? [r.verdict] : []));
}

export const bare = ({ seq: _seq, repeated: _repeated, ...verdict }: Said): Verdict => verdict;

export interface ChainOptions {
  /** Where the journal goes (a directory of its own). */
  readonly journalDir: string;
  readonly calibrationDir: string;
  readonly seed: number;
  readonly speed: string;
  /** The kills; a last session is resumed after them and stopped. A session that ends by itself ends the chain. */
  readonly endings: readonly Ending[];
  /** More options of the match (`--track 2`), given to its first session. */
  readonly matchArgs?: readonly string[];
}

export interface ChainReport {
  readonly journal: string;
  readonly sessions: readonly SessionRun[];
  readonly stored: readonly Verdict[];
  /** `replay --json` of the journal, and what it said on stderr besides notes. */
  readonly replayed: readonly Verdict[];
  readonly replayErrors: readonly string[];
  /** `replay --check`'s line. */
  readonly check: string;
}

export async function runChain(o: ChainOptions): Promise<ChainReport> {
  const common = [
    'referee',
    '--sim',
    '--seed',
    String(o.seed),
    '--autoplay',
    '--json',
    '--speed',
    o.speed,
    '--calibration-dir',
    o.calibrationDir,
  ];
  const quiet = ['--scoreboard', 'none', '--http', 'off', '--mqtt-listen', 'off', '--db', 'off'];
  const sessions: SessionRun[] = [];
  let journal: string | undefined;
  let journaled = 0;
  for (const ending of [...o.endings, { stop: true } as const]) {
    const where = journal ? ['--resume', journal] : ['--journal-dir', o.journalDir, ...(o.matchArgs ?? [])];
    const run = await runSession([...common, ...quiet, ...where], ending, journaled);
    journal ??= join(o.journalDir, readdirSync(o.journalDir)[0]!);
    journaled = journalVerdicts(journal).length;
    sessions.push({ ...run, journaled });
    if (run.outcome === 'ended-by-itself') break;
  }
  const path = journal!;
  const replay = spawnSync(process.execPath, [CLI, 'replay', '--json', path], { cwd: ROOT, encoding: 'utf8' });
  const check = spawnSync(process.execPath, [CLI, 'replay', '--check', path], { cwd: ROOT, encoding: 'utf8' });
  return {
    journal: path,
    sessions,
    stored: journalVerdicts(path),
    replayed:
      replay.status === 0
        ? replay.stdout
            .trim()
            .split('\n')
            .map((l) => JSON.parse(l) as Verdict)
        : [],
    replayErrors: [...replay.stderr.split('\n'), ...check.stderr.split('\n')].filter((l) => !l.startsWith('note:') && l !== ''),
    check: check.stdout.trim(),
  };
}

export interface ChainVerdict {
  /** Every seq said at least once, in order, and each said alike every time. */
  readonly said: readonly Verdict[];
  readonly saidSeqs: readonly number[];
  /** A seq said twice with different verdicts. */
  readonly inconsistent: readonly number[];
  /** Kills after which the journal held verdicts nobody had been told yet (the window the repeat closes). */
  readonly killsWithUnsaid: number;
}

/** What the sessions said, deduplicated by seq, and how many kills left journaled verdicts unsaid. */
export function sayings(report: ChainReport): ChainVerdict {
  const announced = new Map<number, Said>();
  const inconsistent: number[] = [];
  let killsWithUnsaid = 0;
  for (const s of report.sessions) {
    for (const v of s.said) {
      const first = announced.get(v.seq);
      if (!first) announced.set(v.seq, v);
      else if (JSON.stringify(bare(first)) !== JSON.stringify(bare(v))) inconsistent.push(v.seq);
    }
    if (!('stop' in s.ending) && announced.size < s.journaled) killsWithUnsaid++;
  }
  const saidSeqs = [...announced.keys()].sort((a, b) => a - b);
  return { said: saidSeqs.map((seq) => bare(announced.get(seq)!)), saidSeqs, inconsistent, killsWithUnsaid };
}
