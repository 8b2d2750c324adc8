/**
 * The records of a match journal and their validation. A journal is read back to resume a
 * match and to re-referee it, so every line is checked for the shape its kind promises
 * before anything trusts it: a damaged or edited record is a clear error naming its line,
 * never a `Cannot read properties of null` later on.
 */
import { parseOperatorAction, type RefereeInput } from '../referee/inputs.ts';
import type { Verdict } from '../referee/verdicts.ts';
import { formatCalibrationProblems, parseCalibrationText } from '../sensing/calibration.ts';
import type { SensingEvent } from '../sensing/events.ts';
import { err, ok, type Result } from '../util/result.ts';
import { isJsonObject, type JsonObject } from '../util/json.ts';
import { BUILT_IN_RULESETS, type RulesetRegistry } from '../games/registry.ts';
import { parseComputerSeat, type ComputerSeat } from '../rulesets/computer-seat.ts';

export const JOURNAL_FORMAT = 'senryaku-journal';
/**
 * v2: sessions (a marker record starts each one) and compressed files. v3: verdicts in the
 * common shape (`position`, `balance`) and dated at the frame that completed them. v4:
 * operator records (an action such as `agree`, in its place among the lines). v5: sensor
 * faults are referee inputs (`sensor`) and verdicts (`sensor-fault`, `sensor-cleared`), and
 * the operator's `blind CELL empty|occupied`; `announced` marks (how far the verdicts were
 * said, so a resume says the rest); verdicts dated on the session's clock (each
 * boot's board time placed at the receive time of its first frame), frames ahead of the
 * host's clock refused, and the board read afresh after it was unheard. Older files are still
 * read; their stored verdicts are what the referee of their day said.
 */
export const JOURNAL_VERSION = 5;
const READABLE_VERSIONS: readonly number[] = [1, 2, 3, 4, 5];

export interface JournalHeader {
  readonly kind: 'header';
  readonly format: typeof JOURNAL_FORMAT;
  readonly version: number;
  readonly matchId: string;
  readonly startedAt: string;
  readonly ruleset: string;
  /** The players, and the game's own settings (its descriptor writes and reads them: `RefereeFacet.fromJson`). */
  readonly settings: JsonObject & { readonly players: { readonly A: string; readonly B: string } };
  /** The board profile in the game's own shape (its descriptor reads it: `Ruleset.boardProfile`). */
  readonly profile: unknown;
  /** The calibration file's text (senryaku-calibration format). */
  readonly calibration: string;
  readonly source: { readonly kind: 'sim'; readonly seed: number } | { readonly kind: 'port'; readonly path: string };
  /**
   * The player the computer plays and its level, when one does: the match is one against the
   * computer, so a resumed run goes on asking the engine for that player's moves. Optional in
   * every version (absent: two people).
   */
  readonly computer?: ComputerSeat;
}

/**
 * Starts a session: one run of the host on this match. Live, each session has its own
 * pipeline (sensing settles and snapshots the board afresh), so replay does the same.
 * `t` of the records after it counts from this session's start.
 */
export interface SessionMarker {
  readonly kind: 'session';
  readonly t: 0;
  readonly session: number;
  readonly startedAt: string;
  readonly reason: 'start' | 'resume';
  /** A record cut short by a crash that was moved aside before this session was appended. */
  readonly repairedTail?: { readonly bytes: number; readonly asidePath: string };
}

/** `t`: host milliseconds since the session started. */
export type JournalRecord =
  | JournalHeader
  | SessionMarker
  | { readonly kind: 'line'; readonly t: number; readonly dir: 'in' | 'out'; readonly line: string }
  | { readonly kind: 'sensing'; readonly t: number; readonly event: SensingEvent }
  | { readonly kind: 'input'; readonly t: number; readonly input: RefereeInput }
  /**
   * An operator's action, where it came among the board's lines (replay judges it there again),
   * as text (`agree`, `attribute white`: formatOperatorAction, read back by parseOperatorAction).
   */
  | { readonly kind: 'operator'; readonly t: number; readonly action: string }
  | { readonly kind: 'verdict'; readonly t: number; readonly verdict: Verdict }
  /**
   * Every verdict of the match up to `seq` (counted from 1 across sessions) has been handed to
   * every output. Written after the announcement and not flushed on its own, so a crash may
   * leave it out: a resume then says again, marked repeated, what may not have been said.
   */
  | { readonly kind: 'announced'; readonly t: number; readonly seq: number }
  | { readonly kind: 'note'; readonly t: number; readonly message: string };

export type BodyRecord = Exclude<JournalRecord, JournalHeader>;

const isFiniteNumber = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
const hasType = (x: unknown): boolean => isJsonObject(x) && typeof x.type === 'string';

/** What is wrong with a record after the header, or undefined when it is well formed. */
function bodyProblem(r: Record<string, unknown>): string | undefined {
  if (r.kind === 'session') {
    if (!Number.isSafeInteger(r.session) || (r.session as number) < 1) return 'a session marker needs a session number >= 1';
    if (r.reason !== 'start' && r.reason !== 'resume') return "a session marker's reason must be 'start' or 'resume'";
    return typeof r.startedAt === 'string' ? undefined : 'a session marker needs startedAt';
  }
  if (!isFiniteNumber(r.t)) return `a '${String(r.kind)}' record needs a time t`;
  switch (r.kind) {
    case 'line':
      if (r.dir !== 'in' && r.dir !== 'out') return "a line record's dir must be 'in' or 'out'";
      return typeof r.line === 'string' ? undefined : 'a line record needs its line';
    case 'sensing':
      return hasType(r.event) ? undefined : 'a sensing record needs an event with a type';
    case 'input':
      return hasType(r.input) && isFiniteNumber((r.input as Record<string, unknown>).atMs)
        ? undefined
        : 'an input record needs an input with a type and atMs';
    case 'verdict':
      return hasType(r.verdict) ? undefined : 'a verdict record needs a verdict with a type';
    case 'note':
      return typeof r.message === 'string' ? undefined : 'a note needs a message';
    case 'announced':
      return Number.isSafeInteger(r.seq) && (r.seq as number) >= 0 ? undefined : 'an announced mark needs a seq >= 0';
    case 'operator': {
      if (typeof r.action !== 'string') return 'an operator record needs its action';
      const action = parseOperatorAction(r.action);
      return action.ok ? undefined : `an operator record's action: ${action.error}`;
    }
    case 'header':
      return 'a second header';
    default:
      return `unknown record kind ${JSON.stringify(r.kind)}`;
  }
}

export function parseBodyRecord(text: string): Result<BodyRecord, string> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return err('not a JSON record');
  }
  if (!isJsonObject(value)) return err(`not a journal record (${text.length > 20 ? `${text.slice(0, 20)}…` : text})`);
  const problem = bodyProblem(value);
  return problem ? err(problem) : ok(value as unknown as BodyRecord);
}

export type HeaderProblemCode = 'NoHeader' | 'WrongFormat' | 'BadHeader';

/** Checks everything replay and resume take from the header: settings, profile, calibration. */
/** `rulesets`: the games this reader knows (default: the built-in ones). */
export function parseHeader(
  text: string,
  rulesets: RulesetRegistry = BUILT_IN_RULESETS,
): Result<JournalHeader, { code: HeaderProblemCode; message: string }> {
  let h: unknown;
  try {
    h = JSON.parse(text);
  } catch {
    return err({ code: 'NoHeader', message: 'the first line is not a journal header (not JSON)' });
  }
  if (!isJsonObject(h) || h.kind !== 'header') return err({ code: 'NoHeader', message: 'the first line is not a journal header' });
  if (h.format !== JOURNAL_FORMAT || !READABLE_VERSIONS.includes(h.version as number))
    return err({ code: 'WrongFormat', message: `not a ${JOURNAL_FORMAT} file of version ${READABLE_VERSIONS.join(' or ')}` });
  const bad = (message: string) => err({ code: 'BadHeader' as const, message: `journal header: ${message}` });
  if (typeof h.matchId !== 'string' || typeof h.startedAt !== 'string') return bad('matchId and startedAt are required');
  const ruleset = rulesets.byId(typeof h.ruleset === 'string' ? h.ruleset : JSON.stringify(h.ruleset));
  if (!ruleset.ok) return bad(ruleset.error.message);
  const s = h.settings;
  if (!isJsonObject(s)) return bad('settings are missing');
  if (!isJsonObject(s.players) || typeof s.players.A !== 'string' || typeof s.players.B !== 'string')
    return bad('settings.players needs A and B');
  // The game's own board profile and settings, checked by the game.
  const board = ruleset.value.boardProfile(h.profile);
  if (!board.ok) return bad(`profile: ${board.error}`);
  const { players: _players, ...own } = s;
  const referee = ruleset.value.referee.fromJson(own, h.profile);
  if (!referee.ok) return bad(referee.error);
  if (typeof h.calibration !== 'string') return bad('calibration is missing');
  const calibration = parseCalibrationText(h.calibration);
  if (!calibration.ok) return bad(`calibration: ${formatCalibrationProblems(calibration.error)}`);
  const src = h.source;
  if (
    !isJsonObject(src) ||
    !((src.kind === 'sim' && Number.isSafeInteger(src.seed)) || (src.kind === 'port' && typeof src.path === 'string'))
  )
    return bad("source must be { kind: 'sim', seed } or { kind: 'port', path }");
  const computer = computerProblem(h.computer, ruleset.value);
  if (computer) return bad(computer);
  return ok(h as unknown as JournalHeader);
}

/** What is wrong with a header's `computer` (the seat as `--computer` names it, its player the one that side names), or undefined. */
function computerProblem(c: unknown, game: Parameters<typeof parseComputerSeat>[1]): string | undefined {
  if (c === undefined) return undefined;
  const form = 'computer must be { player, side, level } (the side it has in game 1, a level from 1 to 10)';
  if (!isJsonObject(c) || typeof c.side !== 'string' || typeof c.level !== 'number' || typeof c.player !== 'string') return form;
  const seat = parseComputerSeat(`${c.side}:${c.level}`, game);
  if (!seat.ok) return `computer: ${seat.error}`;
  if (seat.value?.player !== c.player)
    return `computer: the side ${c.side} is player ${seat.value?.player ?? '?'}'s in game 1, not ${c.player}'s`;
  return undefined;
}
