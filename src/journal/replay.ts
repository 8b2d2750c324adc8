/**
 * Re-refereeing a session from its raw lines: a match journal (its header has the settings,
 * profile and calibration), or a `senryaku record` recording (its header names the game;
 * the match, profile and calibration then come from the caller).
 *
 * A journal is replayed session by session, each through a fresh pipeline that continues
 * the previous session's referee state, exactly as the live host did after each restart;
 * what it computes is checked against the verdicts the journal stored.
 */
import type { Recording } from '../hardware/link/recording.ts';
import type { RefereeGame } from '../rulesets/ruleset.ts';
import type { GameWords } from '../rulesets/words.ts';
import { BUILT_IN_RULESETS, type RulesetRegistry } from '../games/registry.ts';
import { parseOperatorAction } from '../referee/inputs.ts';
import type { Verdict } from '../referee/verdicts.ts';
import { formatCalibrationProblems, parseCalibrationText, type Calibration } from '../sensing/calibration.ts';
import { err, ok, type Result } from '../util/result.ts';
import type { JournalContents } from './journal.ts';
import { RefereePipeline } from '../pipeline/referee-pipeline.ts';
import { journalReferee, lastInputMs } from './resume.ts';

/** The first place where the replay and the journal part ways. */
export interface ReplayMismatch {
  readonly session: number;
  /** Line of the journal's verdict (or, when the journal has none left, of the session's last record). */
  readonly line: number | undefined;
  readonly journal: Verdict | undefined;
  readonly replay: Verdict | undefined;
}

export interface JournalReplay {
  readonly verdicts: Verdict[];
  readonly sessions: number;
  /** The journal's format version: one older than JOURNAL_VERSION was written by an earlier referee. */
  readonly version: number;
  readonly mismatch: ReplayMismatch | undefined;
  /** What the journal's game calls its pieces and cells (for the verdicts in words). */
  readonly words: GameWords;
}

/** Every verdict the journal's raw lines produce when refereed again, session by session, checked against the stored ones. */
/** `rulesets`: where to find the game the journal names (default: the built-in ones). */
export function replayJournal(journal: JournalContents, rulesets: RulesetRegistry = BUILT_IN_RULESETS): Result<JournalReplay, string> {
  const calibration = parseCalibrationText(journal.header.calibration);
  if (!calibration.ok) return err(`the journal's calibration is invalid: ${formatCalibrationProblems(calibration.error)}`);
  const { header } = journal;
  // The journal names its game; the game reads its own settings.
  const ruleset = rulesets.byId(header.ruleset);
  if (!ruleset.ok) return err(ruleset.error.message);
  const board = ruleset.value.boardProfile(header.profile);
  if (!board.ok) return err(`journal header: profile: ${board.error}`);
  const made = journalReferee(header, ruleset.value);
  if (!made.ok) return err(`journal header: ${made.error}`);
  const referee = made.value;
  const sensing = board.value.sensing(calibration.value);
  let state = referee.initialState();
  let lastMs: number | undefined;
  const verdicts: Verdict[] = [];
  let mismatch: ReplayMismatch | undefined;
  for (const [i, session] of journal.sessions.entries()) {
    // Session 1 starts the match; each later one continues it as the live host did on resume.
    const resumed = i === 0 ? {} : { refereeState: state, ...(lastMs !== undefined ? { resumeAfterMs: lastMs } : {}) };
    const pipeline = new RefereePipeline({ sensing, referee, ...resumed });
    const computed: Verdict[] = [];
    const stored: { line: number; verdict: Verdict }[] = [];
    for (const { line, record } of session.records) {
      if (record.kind === 'line' && record.dir === 'in') {
        const out = pipeline.feed(record.line, record.t);
        computed.push(...out.verdicts);
        const latest = lastInputMs(out.inputs);
        if (latest !== undefined) lastMs = Math.max(lastMs ?? latest, latest);
      } else if (record.kind === 'operator') {
        const action = parseOperatorAction(record.action); // checked when the journal was read
        if (action.ok) computed.push(...pipeline.operate(action.value).verdicts);
      } else if (record.kind === 'input' && record.input.type === 'advice') {
        // An engine's advice has no line of its own: its input record is where it came.
        const out = pipeline.advise(record.input);
        computed.push(...out.verdicts);
        const latest = lastInputMs(out.inputs);
        if (latest !== undefined) lastMs = Math.max(lastMs ?? latest, latest);
      } else if (record.kind === 'verdict') stored.push({ line, verdict: record.verdict });
    }
    state = pipeline.state;
    verdicts.push(...computed);
    mismatch ??= firstMismatch(session.number, computed, stored, session.records.at(-1)?.line);
  }
  return ok({ verdicts, sessions: journal.sessions.length, mismatch, version: header.version, words: ruleset.value.words });
}

function firstMismatch(
  session: number,
  computed: readonly Verdict[],
  stored: readonly { line: number; verdict: Verdict }[],
  lastLine: number | undefined,
): ReplayMismatch | undefined {
  for (let i = 0; i < Math.max(computed.length, stored.length); i++) {
    const a = stored[i];
    const b = computed[i];
    if (a && b && JSON.stringify(a.verdict) === JSON.stringify(b)) continue;
    return { session, line: a?.line ?? lastLine, journal: a?.verdict, replay: b };
  }
  return undefined;
}

/** A received line the replay could not use: its line in the recording file (1-based) and why (a protocol error code). */
export interface UndecodableLine {
  readonly line: number;
  readonly code: string;
}

export interface RecordingReplay {
  readonly verdicts: Verdict[];
  /** Lines from the board the parser refused (bad CRC, bad characters, ...), and lines the host dropped as too long (TOOLONG). */
  readonly undecodable: readonly UndecodableLine[];
  /** Lines received from the board, decodable or not. */
  readonly received: number;
}

/** Every verdict a recording's received lines produce, refereed as `game` (a new match of its game on its board) with this calibration. */
export function replayRecording(recording: Recording, game: RefereeGame, calibration: Calibration): Result<RecordingReplay, string> {
  const board = game.ruleset.boardProfile(game.profile);
  if (!board.ok) return err(`profile: ${board.error}`);
  const referee = game.ruleset.referee.fromJson(game.settings, game.profile);
  if (!referee.ok) return err(referee.error);
  const pipeline = new RefereePipeline({ sensing: board.value.sensing(calibration), referee: referee.value });
  const verdicts: Verdict[] = [];
  const undecodable: UndecodableLine[] = [];
  let received = 0;
  recording.records.forEach((r, i) => {
    const line = i + 2; // one record per line, after the header
    if (r.d === 'oversize') {
      received++;
      undecodable.push({ line, code: 'TOOLONG' });
    }
    if (r.d !== 'in') return;
    received++;
    const out = pipeline.feed(r.line, r.t);
    if (out.lineError !== undefined) undecodable.push({ line, code: out.lineError.split(':')[0]! });
    verdicts.push(...out.verdicts);
  });
  return ok({ verdicts, undecodable, received });
}
