/**
 * A match's journal as its referee starts: a new file in the journal directory, or the file of
 * a match to resume (read whole, a crash's torn tail moved aside, a split match read with its
 * fallback), with what the journal's earlier sessions refereed and what they may never have said.
 */
import { join } from 'node:path';
import type { JournalFs } from '../journal/disk.ts';
import {
  JOURNAL_EXTENSION,
  JOURNAL_VERSION,
  JournalWriter,
  readJournal,
  type JournalContents,
  type JournalHeader,
} from '../journal/journal.ts';
import { resumePoint, unannouncedVerdicts, type NumberedVerdict, type ResumePoint } from '../journal/resume.ts';
import { makeDirectories } from '../platform/make-directories.ts';
import type { Verdict } from '../referee/verdicts.ts';
import { BUILT_IN_RULESETS } from '../games/registry.ts';
import type { RulesetReferee } from '../referee/referee.ts';
import type { RefereeGame, Ruleset } from '../rulesets/ruleset.ts';
import type { ComputerSeat } from '../rulesets/computer-seat.ts';
import { formatCalibration, type Calibration } from '../sensing/calibration.ts';
import { ok } from '../util/result.ts';

/** The journal could not be created or resumed: nothing was started. */
export class JournalOpenError extends Error {
  override readonly name = 'JournalOpenError';
}

/** A journal to continue (the referee process restarted mid-match): a new session is appended to it. */
export interface JournalToResume {
  readonly path: string;
  /** As the caller already read it (else it is read here). */
  readonly contents?: JournalContents;
  /**
   * The match is over and only its last verdicts were never said: say them (repeated), then
   * finish, refereeing nothing more.
   */
  readonly sayAndFinish?: boolean;
}

export interface MatchJournalOptions {
  readonly ruleset: Ruleset;
  readonly referee: RulesetReferee<unknown>;
  readonly resume?: JournalToResume;
  readonly journalDir: string;
  /** Where a fallback journal goes when the journal cannot be written, in order. */
  readonly fallbackDirs: readonly string[];
  readonly fs?: JournalFs;
  /** The header of a new match's journal. */
  header(matchId: string): JournalHeader;
}

export interface OpenedMatchJournal {
  readonly writer: JournalWriter;
  readonly header: JournalHeader;
  /** Where the referee stands in a resumed match. */
  readonly resumed?: ResumePoint<unknown>;
  /** The verdicts of the journal's earlier sessions, in order. */
  readonly history: readonly Verdict[];
  /** Verdicts an earlier session journaled but may not have said. */
  readonly unsaid: readonly NumberedVerdict[];
  /** What the journal was found to need (a torn tail moved aside, a split match read whole): said once the match listens. */
  readonly warnings: readonly string[];
}

/** A new match's journal header: its game and settings, players, board profile, calibration, and where its lines come from. */
export function newJournalHeader(
  matchId: string,
  match: {
    readonly game: RefereeGame;
    readonly players: { readonly A: string; readonly B: string };
    readonly calibration: Calibration;
    readonly source: JournalHeader['source'];
    readonly computer?: ComputerSeat;
  },
): JournalHeader {
  const { game, players, calibration, source, computer } = match;
  return {
    kind: 'header',
    format: 'senryaku-journal',
    version: JOURNAL_VERSION,
    matchId,
    startedAt: new Date().toISOString(),
    ruleset: game.ruleset.id,
    settings: { ...game.settings, players },
    profile: game.profile,
    calibration: formatCalibration(calibration),
    source,
    ...(computer ? { computer: { player: computer.player, side: computer.side, level: computer.level } } : {}),
  };
}

/** Opens the match's journal; throws JournalOpenError when it can be neither created nor resumed. */
export function openMatchJournal(o: MatchJournalOptions): OpenedMatchJournal {
  const options = { fallbackDirs: o.fallbackDirs, ...(o.fs ? { fs: o.fs } : {}) };
  if (!o.resume) {
    const matchId = new Date().toISOString().replace(/[:.]/g, '-');
    try {
      makeDirectories(o.journalDir);
    } catch (e) {
      throw new JournalOpenError(
        `cannot create the journal directory ${o.journalDir}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
      );
    }
    const header = o.header(matchId);
    const created = JournalWriter.create(join(o.journalDir, `match-${matchId}${JOURNAL_EXTENSION}`), header, options);
    if (!created.ok) throw new JournalOpenError(created.error.message);
    return { writer: created.value, header, history: [], unsaid: [], warnings: [] };
  }
  const { path, contents } = o.resume;
  // The journal is read knowing the game refereed, whichever it is.
  const before = contents ? ok(contents) : readJournal(path, BUILT_IN_RULESETS.with(o.ruleset), { fallbackDirs: o.fallbackDirs });
  if (!before.ok) throw new JournalOpenError(before.error.message);
  if (before.value.header.ruleset !== o.ruleset.id)
    throw new JournalOpenError(`${path} is a match of ${before.value.header.ruleset}, not ${o.ruleset.id}: it cannot be resumed as one`);
  const opened = JournalWriter.resume(path, options, before.value);
  if (!opened.ok) throw new JournalOpenError(opened.error.message);
  const { writer, repaired } = opened.value;
  const read = opened.value.contents;
  const warnings: string[] = [];
  if (repaired)
    warnings.push(`the journal ended in a record cut short by the crash (${repaired.bytes} bytes); moved aside to ${repaired.asidePath}`);
  const { applied, problems } = read.fallbacks;
  let split: string | undefined;
  if (applied.length > 0)
    split = `the journal went on in ${applied.join(', ')} while its disk failed: read with it${writer.status().state === 'main' ? ', and written back into it' : ''}`;
  for (const p of problems) split = `${split ? `${split}; ` : ''}fallback journal ${p}`;
  if (split) warnings.push(split);
  return {
    writer,
    header: read.header,
    resumed: resumePoint(read, o.referee),
    history: read.records.flatMap((r) => (r.kind === 'verdict' ? [r.verdict] : [])),
    unsaid: unannouncedVerdicts(read),
    warnings,
  };
}
