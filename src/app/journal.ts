/**
 * The match journal: one append-only file per match holding every raw line from the board,
 * every sensing event, every referee input and every verdict, in order. It is a sequence of
 * sessions (one per run of the host on the match: a resume after a crash starts a new one),
 * each opened by a marker record; the first line is a header with everything needed to
 * re-referee the file (`senryaku replay`): ruleset, settings, board profile and calibration.
 *
 * Durability: records are queued and reach the disk in batches (journal-file.ts); the
 * referee service flushes before it announces a verdict, so a verdict players saw is on
 * disk. A storage fault never throws here: the file keeps what it could not write and says so.
 */
import { FrameDeltaDecoder, FrameDeltaEncoder } from './frame-delta.ts';
import { JournalFile, readJournalLines, type JournalFileOptions, type RepairedTail, type StorageEvent } from './journal-file.ts';
import {
  parseBodyRecord,
  parseHeader,
  type BodyRecord,
  type JournalHeader,
  type JournalRecord,
  type SessionMarker,
} from './journal-records.ts';
import { err, ok, type Result } from '../util/result.ts';
import type { RulesetRegistry } from '../rulesets/registry.ts';

export * from './journal-records.ts';
export type { StorageEvent } from './journal-file.ts';

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
}

/** `rulesets`: the games the journal may name (default: the built-in ones). */
export function readJournal(path: string, rulesets?: RulesetRegistry): Result<JournalContents, JournalError> {
  const read = readJournalLines(path);
  if (!read.ok) return err({ code: 'Unreadable', message: `cannot read journal ${path}: ${read.error.message}` });
  const { lines, torn } = read.value;
  if (lines.length === 0) return err({ code: 'NoHeader', message: `${path}: empty journal` });
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
  return ok({ header: header.value, sessions, records, tornTail: torn !== undefined, unrebuiltLines });
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

  private constructor(private readonly file: JournalFile) {}

  get path(): string {
    return this.file.path;
  }

  /** A new match: the header and the marker of session 1, on disk before this returns. */
  static create(path: string, header: JournalHeader, options?: JournalFileOptions): Result<JournalWriter, JournalError> {
    const file = JournalFile.create(path, { batchMs: JOURNAL_BATCH_MS, ...options });
    if (!file.ok) return err({ code: file.error.code === 'Exists' ? 'Exists' : 'Unwritable', message: file.error.message });
    const writer = new JournalWriter(file.value);
    writer.append(header);
    writer.append(sessionMarker(1, 'start'));
    if (!writer.flush()) return err({ code: 'Unwritable', message: `cannot write journal ${path}` });
    return ok(writer);
  }

  /**
   * Continues a match after a restart: a torn last record is moved aside first (so nothing
   * is appended onto half a line), then a new session starts, noting the repair.
   * `alreadyRead`: the journal as the caller just read it (for its settings), so a long
   * match's journal is not decompressed and parsed twice.
   */
  static resume(path: string, options?: JournalFileOptions, alreadyRead?: JournalContents): Result<ResumedJournal, JournalError> {
    const before = alreadyRead ? ok(alreadyRead) : readJournal(path);
    if (!before.ok) return before;
    const opened = JournalFile.append(path, { batchMs: JOURNAL_BATCH_MS, ...options });
    if (!opened.ok) return err({ code: 'Unwritable', message: opened.error.message });
    const { file, repaired } = opened.value;
    const writer = new JournalWriter(file);
    const number = (before.value.sessions.at(-1)?.number ?? 0) + 1;
    writer.append(sessionMarker(number, 'resume', repaired));
    if (!writer.flush()) return err({ code: 'Unwritable', message: `cannot write journal ${path}` });
    return ok({ writer, contents: { ...before.value, tornTail: false }, repaired });
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

  onStorage(listener: (e: StorageEvent) => void): () => void {
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
