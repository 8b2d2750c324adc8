/**
 * The match journal: one append-only JSON-lines file per match holding every raw line
 * from the board, every sensing event, every referee input and every verdict, in order.
 * Verdicts are announced only after `flush()` has put them on disk (fdatasync): a match
 * record is never lost to a crash after players saw the verdict.
 *
 * The first line is a header with everything needed to re-referee the file
 * (`senryaku replay`): ruleset, settings, board profile and calibration.
 */
import { closeSync, fdatasyncSync, openSync, readFileSync, writeSync } from 'node:fs';
import type { RefereeInput } from '../referee/inputs.ts';
import type { Verdict } from '../referee/verdicts.ts';
import type { MatchSettings } from '../rules/match/track.ts';
import type { BoardProfile } from '../rules/senryaku/profile.ts';
import type { SensingEvent } from '../sensing/events.ts';
import { err, ok, type Result } from '../util/result.ts';

export const JOURNAL_FORMAT = 'senryaku-journal';
export const JOURNAL_VERSION = 1;

export interface JournalHeader {
  readonly kind: 'header';
  readonly format: typeof JOURNAL_FORMAT;
  readonly version: typeof JOURNAL_VERSION;
  readonly matchId: string;
  readonly startedAt: string;
  readonly ruleset: 'senryaku';
  readonly settings: {
    readonly policy: 'casual' | 'tournament';
    readonly match: MatchSettings;
    readonly players: { readonly A: string; readonly B: string };
    readonly placementGraceMs: number;
    readonly holdingGraceMs: number;
    readonly disagreementWindowMs: number;
    /** SPN of game 1's position when it was not the start position. */
    readonly firstPosition?: string;
  };
  readonly profile: BoardProfile;
  /** The calibration file's text (senryaku-calibration format). */
  readonly calibration: string;
  readonly source: { readonly kind: 'sim'; readonly seed: number } | { readonly kind: 'port'; readonly path: string };
}

/** `t`: host milliseconds since the journal was opened. */
export type JournalRecord =
  | JournalHeader
  | { readonly kind: 'line'; readonly t: number; readonly dir: 'in' | 'out'; readonly line: string }
  | { readonly kind: 'sensing'; readonly t: number; readonly event: SensingEvent }
  | { readonly kind: 'input'; readonly t: number; readonly input: RefereeInput }
  | { readonly kind: 'verdict'; readonly t: number; readonly verdict: Verdict }
  | { readonly kind: 'note'; readonly t: number; readonly message: string };

export class JournalWriter {
  private fd: number | undefined;

  private constructor(readonly path: string, fd: number) {
    this.fd = fd;
  }

  /** Opens for appending; a new file gets the header, an existing one (a resumed match) is continued. */
  static open(path: string, header?: JournalHeader): JournalWriter {
    const writer = new JournalWriter(path, openSync(path, 'a'));
    if (header) {
      writer.append(header);
      writer.flush();
    }
    return writer;
  }

  append(record: JournalRecord): void {
    if (this.fd === undefined) throw new Error(`journal ${this.path} is closed`);
    writeSync(this.fd, `${JSON.stringify(record)}\n`);
  }

  /** Puts everything appended so far on disk. */
  flush(): void {
    if (this.fd !== undefined) fdatasyncSync(this.fd);
  }

  close(): void {
    if (this.fd === undefined) return;
    this.flush();
    closeSync(this.fd);
    this.fd = undefined;
  }
}

export type JournalErrorCode = 'Unreadable' | 'NoHeader' | 'WrongFormat' | 'BadRecord';
export interface JournalError {
  readonly code: JournalErrorCode;
  readonly message: string;
}

export interface JournalContents {
  readonly header: JournalHeader;
  readonly records: readonly Exclude<JournalRecord, JournalHeader>[];
  /** A last line cut short by a crash while it was written: left out, and said. */
  readonly tornTail: boolean;
}

export function readJournal(path: string): Result<JournalContents, JournalError> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    return err({ code: 'Unreadable', message: `cannot read journal ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` });
  }
  const lines = text.split('\n');
  const complete = text.endsWith('\n');
  if (complete) lines.pop();
  const records: Exclude<JournalRecord, JournalHeader>[] = [];
  let header: JournalHeader | undefined;
  let tornTail = false;
  for (let i = 0; i < lines.length; i++) {
    let record: JournalRecord;
    try {
      record = JSON.parse(lines[i]!) as JournalRecord;
    } catch {
      if (i === lines.length - 1 && !complete) {
        tornTail = true;
        break;
      }
      return err({ code: 'BadRecord', message: `${path}:${i + 1}: not a JSON record` });
    }
    if (i === 0) {
      if (record.kind !== 'header') return err({ code: 'NoHeader', message: `${path}: the first line is not a journal header` });
      if (record.format !== JOURNAL_FORMAT || record.version !== JOURNAL_VERSION)
        return err({ code: 'WrongFormat', message: `${path}: not a ${JOURNAL_FORMAT} v${JOURNAL_VERSION} file` });
      header = record;
    } else if (record.kind !== 'header') records.push(record);
  }
  if (!header) return err({ code: 'NoHeader', message: `${path}: empty journal` });
  return ok({ header, records, tornTail });
}
