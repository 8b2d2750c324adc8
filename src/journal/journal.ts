/**
 * The match journal: one append-only file per match holding every raw line from the board,
 * every sensing event, every referee input and every verdict, in order. It is a sequence of
 * sessions (one per run of the host on the match: a resume after a crash starts a new one),
 * each opened by a marker record; the first line is a header with everything needed to
 * re-referee the file (`senryaku replay`): ruleset, settings, board profile and calibration.
 *
 * Durability: records are queued and reach the disk in batches (file.ts); the
 * referee service flushes before it announces a verdict, so a verdict players saw is on
 * disk. A storage fault never throws here: the file keeps what it could not write and says
 * so, and the records go on in a fallback journal meanwhile (failover.ts); a match
 * left split across the two is read whole (split.ts).
 */
import { FrameDeltaDecoder, FrameDeltaEncoder } from './frame-delta.ts';
import { JournalFile, readJournalLines, type JournalFileOptions, type RepairedTail } from './file.ts';
import { FailoverJournal, type JournalEvent, type JournalStatus } from './failover.ts';
import { findFallbacks, mergeFallbacks, resolveFallbackDirs } from './split.ts';
import { parseBodyRecord, parseHeader, type BodyRecord, type JournalHeader, type JournalRecord, type SessionMarker } from './records.ts';
import { err, ok, type Result } from '../util/result.ts';
import type { RulesetRegistry } from '../games/registry.ts';

export * from './records.ts';
export type { StorageEvent } from './file.ts';
export type { JournalEvent, JournalState, JournalStatus } from './failover.ts';

/**
 * Batched records (frames) reach the disk at most this late, and a storage fault is noticed
 * at most this late after it happens: within the second promised to the players.
 */
export const JOURNAL_BATCH_MS = 500;

/** Journals are gzip members on disk; `zcat` reads them. */
export const JOURNAL_EXTENSION = '.jsonl.gz';

export type JournalErrorCode = 'Unreadable' | 'NoHeader' | 'WrongFormat' | 'BadHeader' | 'BadRecord' | 'Exists' | 'Unwritable';
export interface JournalError {
  readonly code: JournalErrorCode;
  readonly message: string;
}

/** A record with its line number in the (decompressed) journal, for error messages. */
export interface NumberedRecord {
  readonly line: number;
  readonly record: BodyRecord;
}

export interface JournalSession {
  readonly number: number;
  /** The session's records after its marker (v1 journals: one session without a marker). */
  readonly records: readonly NumberedRecord[];
}

export interface JournalContents {
  readonly header: JournalHeader;
  readonly sessions: readonly JournalSession[];
  /** Every record after the header, all sessions in order (markers included). */
  readonly records: readonly BodyRecord[];
  /** A last record cut short by a crash while it was written: left out, and said. */
  readonly tornTail: boolean;
  /**
   * Received lines that could not be rebuilt from their frame delta because the frame
   * before them is missing (records dropped by a storage fault): left out, as lost lines.
   */
  readonly unrebuiltLines: number;
  /** Complete lines in the journal's own file (its fallbacks' lines come on top). */
  readonly storedLines: number;
  /** The lines fallback journals held that the file does not, as stored: a resume writes them into it. */
  readonly missingLines: readonly string[];
  /** Fallback journals read with it: those that added lines, those it holds already, those left out (with why). */
  readonly fallbacks: { readonly applied: readonly string[]; readonly included: readonly string[]; readonly problems: readonly string[] };
}

export interface ReadOptions {
  /** Where to look for its fallback journals (default: resolveFallbackDirs's). */
  readonly fallbackDirs?: readonly string[];
}

/** `rulesets`: the games the journal may name (default: the built-in ones). */
export function readJournal(path: string, rulesets?: RulesetRegistry, options: ReadOptions = {}): Result<JournalContents, JournalError> {
  const read = readJournalLines(path);
  if (!read.ok) return err({ code: 'Unreadable', message: `cannot read journal ${path}: ${read.error.message}` });
  const { lines: stored, torn } = read.value;
  if (stored.length === 0) return err({ code: 'NoHeader', message: `${path}: empty journal` });
  const found = findFallbacks(path, stored[0]!, options.fallbackDirs ?? resolveFallbackDirs(undefined));
  const merged = mergeFallbacks(stored, found);
  const { lines } = merged;
  const header = parseHeader(lines[0]!, rulesets);
  if (!header.ok) return err({ code: header.error.code, message: `${path}:1: ${header.error.message}` });
  const sessions: { number: number; records: NumberedRecord[] }[] = [];
  const records: BodyRecord[] = [];
  // Received lines are stored as frame deltas from v2 on, each session from a fresh start.
  let frames = header.value.version >= 2 ? new FrameDeltaDecoder() : undefined;
  let unrebuiltLines = 0;
  for (let i = 1; i < lines.length; i++) {
    const parsed = parseBodyRecord(lines[i]!);
    if (!parsed.ok) return err({ code: 'BadRecord', message: `${path}:${i + 1}: ${parsed.error}` });
    let record = parsed.value;
    if (record.kind === 'line' && record.dir === 'in' && frames) {
      const line = frames.decode(record.line);
      if (!line.ok) {
        unrebuiltLines++;
        continue;
      }
      record = { ...record, line: line.value };
    }
    records.push(record);
    if (record.kind === 'session') {
      if (frames) frames = new FrameDeltaDecoder();
      const expected = (sessions.at(-1)?.number ?? 0) + 1;
      if (record.session !== expected)
        return err({ code: 'BadRecord', message: `${path}:${i + 1}: session ${record.session} where session ${expected} was due` });
      sessions.push({ number: record.session, records: [] });
      continue;
    }
    if (sessions.length === 0) sessions.push({ number: 1, records: [] }); // a v1 journal: no markers
    sessions.at(-1)!.records.push({ line: i + 1, record });
  }
  if (sessions.length === 0) sessions.push({ number: 1, records: [] });
  return ok({
    header: header.value,
    sessions,
    records,
    tornTail: torn !== undefined,
    unrebuiltLines,
    storedLines: stored.length,
    missingLines: lines.slice(stored.length),
    fallbacks: { applied: merged.applied, included: merged.included, problems: merged.problems },
  });
}

export interface JournalWriterOptions extends JournalFileOptions {
  /** Where a fallback journal goes when the journal cannot be written, in order; none (the default): no fallback. */
  readonly fallbackDirs?: readonly string[];
}

export interface ResumedJournal {
  readonly writer: JournalWriter;
  /** The journal as it stood before this session (after any repair). */
  readonly contents: JournalContents;
  readonly repaired: RepairedTail | undefined;
}

export class JournalWriter {
  private closed = false;
  /** Received lines go to disk as frame deltas: a third of the size once compressed. */
  private readonly frames = new FrameDeltaEncoder();

  private constructor(private readonly file: FailoverJournal) {}

  get path(): string {
    return this.file.path;
  }

  /** Which journal the records go to now: this one, its fallback, or none (they wait in memory). */
  status(): JournalStatus {
    return this.file.status();
  }

  /** A new match: the header and the marker of session 1, in the journal's own file before this returns. */
  static create(path: string, header: JournalHeader, options: JournalWriterOptions = {}): Result<JournalWriter, JournalError> {
    const { fallbackDirs = [], ...fileOptions } = options;
    const fileSettings = { batchMs: JOURNAL_BATCH_MS, ...fileOptions };
    const file = JournalFile.create(path, fileSettings);
    if (!file.ok) return err({ code: file.error.code === 'Exists' ? 'Exists' : 'Unwritable', message: file.error.message });
    const headerLine = JSON.stringify(header);
    file.value.write(headerLine);
    file.value.write(JSON.stringify(sessionMarker(1, 'start')));
    if (!file.value.flush()) {
      file.value.close();
      return err({ code: 'Unwritable', message: `cannot write journal ${path}` });
    }
    const failover = new FailoverJournal(file.value, {
      matchId: header.matchId,
      session: 1,
      headerLine,
      linesBefore: 0,
      fallbackDirs,
      file: fileSettings,
    });
    return ok(new JournalWriter(failover));
  }

  /**
   * Continues a match after a restart: a torn last record is moved aside first (so nothing
   * is appended onto half a line), then a new session starts, noting the repair.
   * `alreadyRead`: the journal as the caller just read it (for its settings), so a long
   * match's journal is not decompressed and parsed twice.
   */
  static resume(path: string, options: JournalWriterOptions = {}, alreadyRead?: JournalContents): Result<ResumedJournal, JournalError> {
    const { fallbackDirs = [], ...fileOptions } = options;
    const before = alreadyRead ? ok(alreadyRead) : readJournal(path, undefined, { fallbackDirs });
    if (!before.ok) return before;
    const fileSettings = { batchMs: JOURNAL_BATCH_MS, ...fileOptions };
    const opened = JournalFile.append(path, { ...fileSettings, asideDirs: fallbackDirs });
    // A journal on a disk that stays read-only: this session goes to a fallback, if one can be written.
    const readOnly = !opened.ok && opened.error.code === 'Permission' && fallbackDirs.length > 0 ? opened.error.message : undefined;
    if (!opened.ok && readOnly === undefined) return err({ code: 'Unwritable', message: opened.error.message });
    const { file, repaired } = opened.ok ? opened.value : { file: JournalFile.unwritable(path, fileSettings), repaired: undefined };
    const contents = before.value;
    const number = (contents.sessions.at(-1)?.number ?? 0) + 1;
    const failover = new FailoverJournal(file, {
      matchId: contents.header.matchId,
      session: number,
      headerLine: JSON.stringify(contents.header),
      linesBefore: contents.storedLines,
      fallbackDirs,
      // Once the file holds what its fallbacks added, they go.
      merged: [...contents.fallbacks.applied, ...contents.fallbacks.included],
      ...(readOnly !== undefined ? { mainUnwritable: readOnly } : {}),
      file: fileSettings,
    });
    // A match left split (killed while on a fallback) is made whole first: the lines the file lacks, as stored.
    for (const line of contents.missingLines) failover.write(line);
    const writer = new JournalWriter(failover);
    writer.append(sessionMarker(number, 'resume', repaired));
    if (!writer.flush()) {
      writer.close();
      return err({ code: 'Unwritable', message: `cannot write journal ${path}, nor a fallback journal` });
    }
    return ok({ writer, contents: { ...contents, tornTail: false }, repaired });
  }

  /** Queues a record; it reaches the disk with the next flush or batch. */
  append(record: JournalRecord): void {
    if (this.closed) throw new Error(`journal ${this.path} is closed`);
    const stored = record.kind === 'line' && record.dir === 'in' ? { ...record, line: this.frames.encode(record.line) } : record;
    this.file.write(JSON.stringify(stored));
  }

  /** Puts everything appended so far on disk; false when a storage fault keeps it in memory for now. */
  flush(): boolean {
    return this.file.flush();
  }

  onStorage(listener: (e: JournalEvent) => void): () => void {
    return this.file.on(listener);
  }

  /** Records lost for good to a storage fault (at close, also those still not on disk). */
  get droppedRecords(): number {
    return this.file.droppedLines;
  }

  /** Last flush and close; false when some record could not be written. */
  close(): boolean {
    if (this.closed) return true;
    this.closed = true;
    return this.file.close();
  }
}

function sessionMarker(session: number, reason: SessionMarker['reason'], repaired?: RepairedTail): SessionMarker {
  return {
    kind: 'session',
    t: 0,
    session,
    startedAt: new Date().toISOString(),
    reason,
    ...(repaired ? { repairedTail: { bytes: repaired.bytes, asidePath: repaired.asidePath } } : {}),
  };
}
