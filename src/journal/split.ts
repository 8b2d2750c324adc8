/**
 * A match journal split across its own file and fallback journals. When the journal's disk
 * fails, the records go on in a fallback file in another directory (failover.ts);
 * it starts with a preamble naming the match and how many lines of the journal were on disk
 * when it began, then the journal's lines from there on. Once the disk takes writes again the
 * journal is made whole and the fallback removed, but a kill (or a disk that never came back)
 * can leave the match split: reading puts it together again, here.
 *
 * Putting together: the journal's first `mainLines` lines, then the fallback's lines. The
 * journal may also hold some of the fallback's lines after that point (a retry that wrote
 * part, or all, of them before the kill), always as a prefix of the fallback's, so whichever
 * of the two goes further is taken. A fallback that disagrees is left out, and said.
 */
import { readdirSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { crc32 } from './gzip-members.ts';
import { readJournalLines, type JournalFs } from './disk.ts';

export const FALLBACK_FORMAT = 'senryaku-journal-fallback';
export const FALLBACK_DIR_ENV = 'SENRYAKU_FALLBACK_JOURNAL_DIR';

/** The first line of a fallback journal. */
export interface FallbackPreamble {
  readonly kind: 'fallback';
  readonly format: typeof FALLBACK_FORMAT;
  readonly matchId: string;
  /** The journal it continues, as it was written (the file may have moved since). */
  readonly journal: string;
  /** CRC-32 of the journal's header line: a fallback belongs to exactly one journal. */
  readonly headerCrc: number;
  readonly session: number;
  /** Lines of the journal on disk when this fallback began: its lines come after those. */
  readonly mainLines: number;
  readonly startedAt: string;
}

/**
 * Where fallback journals go, in order: the directory given (--fallback-journal-dir, the
 * settings' journal.fallbackDir), else $SENRYAKU_FALLBACK_JOURNAL_DIR, else the XDG state
 * directory; then the temp directory.
 */
export function resolveFallbackDirs(option: string | undefined, env: NodeJS.ProcessEnv = process.env, home = homedir()): string[] {
  const state = env.XDG_STATE_HOME ? env.XDG_STATE_HOME : join(home, '.local', 'state');
  const first = option ?? env[FALLBACK_DIR_ENV] ?? join(state, 'senryaku', 'journal-fallback');
  return [...new Set([resolve(first), join(tmpdir(), 'senryaku-journal-fallback')])];
}

const stemOf = (journalPath: string): string => basename(journalPath).replace(/\.jsonl(\.gz)?$/, '');

/** `match-….fallback-<session>-<n>.gz`: zcat reads it; not a `.jsonl.gz`, so never taken for a journal. */
export const fallbackName = (journalPath: string, session: number, n: number): string =>
  `${stemOf(journalPath)}.fallback-${session}-${n}.gz`;

export const headerCrcOf = (headerLine: string): number => crc32(Buffer.from(headerLine, 'utf8'));

export interface FallbackFile {
  readonly path: string;
  readonly preamble: FallbackPreamble;
  /** Its lines after the preamble. */
  readonly lines: readonly string[];
}

function parsePreamble(line: string | undefined): FallbackPreamble | undefined {
  try {
    const p = JSON.parse(line ?? '') as Partial<FallbackPreamble>;
    const ok =
      p.kind === 'fallback' &&
      p.format === FALLBACK_FORMAT &&
      typeof p.matchId === 'string' &&
      Number.isSafeInteger(p.mainLines) &&
      (p.mainLines ?? -1) >= 0 &&
      typeof p.headerCrc === 'number';
    return ok ? (p as FallbackPreamble) : undefined;
  } catch {
    return undefined;
  }
}

/** The fallback journals of the journal at `journalPath` (its header line given) found in `dirs`, in the order they apply. */
export function findFallbacks(journalPath: string, headerLine: string, dirs: readonly string[], fs?: JournalFs): FallbackFile[] {
  const stem = `${stemOf(journalPath)}.fallback-`;
  const crc = headerCrcOf(headerLine);
  const found: { file: FallbackFile; n: number }[] = [];
  for (const dir of new Set(dirs.map((d) => resolve(d)))) {
    let names: string[];
    try {
      names = readdirSync(dir).filter((n) => n.startsWith(stem) && n.endsWith('.gz'));
    } catch {
      continue; // a directory that does not exist holds no fallback
    }
    for (const name of names) {
      const path = join(dir, name);
      const read = readJournalLines(path, fs ? { fs } : {});
      if (!read.ok) continue;
      const preamble = parsePreamble(read.value.lines[0]);
      if (!preamble || preamble.headerCrc !== crc) continue;
      const n = Number(/-(\d+)\.gz$/.exec(name)?.[1] ?? 0);
      found.push({ file: { path, preamble, lines: read.value.lines.slice(1) }, n });
    }
  }
  const key = (f: { file: FallbackFile; n: number }): number[] => [f.file.preamble.mainLines, f.file.preamble.session, f.n];
  return found
    .sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!;
    })
    .map((f) => f.file);
}

export interface MergedLines {
  readonly lines: string[];
  /** Fallbacks that added lines the journal does not hold. */
  readonly applied: readonly string[];
  /** Fallbacks the journal already holds in full. */
  readonly included: readonly string[];
  /** Fallbacks left out, each with why. */
  readonly problems: readonly string[];
}

/** The journal's lines with its fallbacks' put back in place. */
export function mergeFallbacks(journal: readonly string[], fallbacks: readonly FallbackFile[]): MergedLines {
  let lines = [...journal];
  const applied: string[] = [];
  const included: string[] = [];
  const problems: string[] = [];
  for (const f of fallbacks) {
    const from = f.preamble.mainLines;
    if (from > lines.length) {
      problems.push(`${f.path} continues the journal after line ${from}, but it has ${lines.length}: left out`);
      continue;
    }
    const after = lines.length - from;
    let same = 0;
    while (same < after && same < f.lines.length && lines[from + same] === f.lines[same]) same++;
    if (same === after && f.lines.length > after) {
      lines = [...lines.slice(0, from), ...f.lines];
      applied.push(f.path);
    } else if (same === f.lines.length) included.push(f.path);
    else problems.push(`${f.path} differs from the journal at its line ${same + 2}: left out`);
  }
  return { lines, applied, included, problems };
}
