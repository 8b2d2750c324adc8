/**
 * Breakthrough on a 6×6 board (README.md beside this file) as a ruleset: its notation, its
 * board of 36 squares (a profile it generates: it ships no file), its referee and its match,
 * first to N games won.
 */
import { readTakebackPlies, takebackJson } from '../../referee/takeback-setting.ts';
import { POLICIES } from '../../referee/verdicts.ts';
import type { PositionTools, RefereeGame, Ruleset } from '../../rulesets/ruleset.ts';
import type { GameWords } from '../../rulesets/words.ts';
import type { JsonObject } from '../../util/json.ts';
import { err, ok, type Result } from '../../util/result.ts';
import { BREAKTHROUGH_DRAWING } from './drawing.ts';
import { REFERENCE_PROFILE, breakthroughSensingSetup, parseBreakthroughBoard } from './board.ts';
import { BREAKTHROUGH_OPTIONS, readBreakthroughPlan, type BreakthroughPlan } from './options.ts';
import { breakthroughPlayersOn } from './players.ts';
import { DEFAULT_BREAKTHROUGH_SETTINGS, breakthroughReferee, type BreakthroughRefereeSettings } from './referee.ts';
import {
  FILES,
  MAX_FIRST_TO,
  PIECE_CHARS,
  RANKS,
  START_POSITION,
  describeMove,
  divide,
  formatMove,
  formatPosition,
  gameStatus,
  legalMoves,
  parsePosition,
  perft,
  type Position,
} from './rules/index.ts';
import { flatBoardFile } from '../../rulesets/flat-board.ts';
import { BREAKTHROUGH_ENGINE } from './engine/engine-game.ts';

export const BREAKTHROUGH_WORDS: GameWords = { piece: 'piece', pieces: 'pieces', cell: 'square', cells: 'squares' };

/** The rules tools of a position; a position where the game is over has no moves (as perft counts it). */
function tools(pos: Position): PositionTools {
  const status = gameStatus(pos);
  return {
    perft: (depth) => perft(pos, depth),
    divide: (depth) => divide(pos, depth).map(({ notation, count }) => ({ notation, count })),
    moves: () =>
      status.kind === 'over'
        ? []
        : legalMoves(pos)
            .map((m) => ({ notation: formatMove(m), outcome: describeMove(pos, m) }))
            .sort((a, b) => (a.notation < b.notation ? -1 : 1)),
    // A side with pieces always has a move: only a game already over has none.
    noMoveText: status.kind === 'over' ? `no legal move: the game is over, ${status.winner} won (${status.reason})` : 'no legal move',
  };
}

/** The header's `settings` (players apart) for a match refereed with these settings. */
export function breakthroughSettingsJson(s: BreakthroughRefereeSettings): JsonObject {
  return {
    policy: s.policy,
    firstTo: s.firstTo,
    holdingGraceMs: s.holdingGraceMs,
    ...(s.firstPosition ? { firstPosition: formatPosition(s.firstPosition) } : {}),
    ...takebackJson(s.takebackPlies),
  };
}

/** Reads header settings back, checking every field; the message names the first bad one. */
export function parseBreakthroughSettings(s: JsonObject): Result<BreakthroughRefereeSettings, string> {
  if (!POLICIES.includes(s.policy as never)) return err(`settings.policy must be one of ${POLICIES.join(', ')}`);
  const firstTo = s.firstTo;
  if (typeof firstTo !== 'number' || !Number.isInteger(firstTo) || firstTo < 1 || firstTo > MAX_FIRST_TO)
    return err(`settings.firstTo must be a whole number from 1 to ${MAX_FIRST_TO}`);
  const grace = s.holdingGraceMs;
  if (typeof grace !== 'number' || !Number.isFinite(grace) || grace < 0) return err('settings.holdingGraceMs must be a number of ms >= 0');
  let firstPosition: Position | undefined;
  if (s.firstPosition !== undefined) {
    const first = typeof s.firstPosition === 'string' ? parsePosition(s.firstPosition) : undefined;
    if (!first?.ok) return err(`settings.firstPosition is not a valid position${first && !first.ok ? `: ${first.error.message}` : ''}`);
    firstPosition = first.value;
  }
  const takeback = readTakebackPlies(s);
  if (!takeback.ok) return takeback;
  return ok({
    ...DEFAULT_BREAKTHROUGH_SETTINGS,
    policy: s.policy as BreakthroughRefereeSettings['policy'],
    firstTo,
    holdingGraceMs: grace,
    ...(firstPosition ? { firstPosition } : {}),
    ...takeback.value,
  });
}

export const BREAKTHROUGH: Ruleset<'breakthrough'> = {
  id: 'breakthrough',
  name: 'Breakthrough',
  words: BREAKTHROUGH_WORDS,
  drawing: BREAKTHROUGH_DRAWING,
  board: { files: FILES, ranks: RANKS, pivots: false, tilt: false },
  startPosition: START_POSITION,
  referenceProfile: REFERENCE_PROFILE,
  profileFile(json) {
    const board = parseBreakthroughBoard(json);
    return board.ok ? ok(flatBoardFile(json, board.value, PIECE_CHARS)) : board;
  },
  position(text) {
    const parsed = parsePosition(text.trim());
    return parsed.ok ? ok(tools(parsed.value)) : err(parsed.error);
  },
  boardProfile(json) {
    const board = parseBreakthroughBoard(json);
    return board.ok ? ok({ sensing: (calibration, options) => breakthroughSensingSetup(board.value, calibration, options) }) : board;
  },
  referee: {
    fromJson(settings, profile) {
      const board = parseBreakthroughBoard(profile);
      if (!board.ok) return err(`profile: ${board.error}`);
      const parsed = parseBreakthroughSettings(settings);
      return parsed.ok ? ok(breakthroughReferee(parsed.value)) : parsed;
    },
  },
  options: BREAKTHROUGH_OPTIONS,
  readPlan: readBreakthroughPlan,
  newMatch(file, { policy, plan }) {
    // The plan is the one readPlan made.
    return breakthroughGame({ ...DEFAULT_BREAKTHROUGH_SETTINGS, policy, ...(plan as BreakthroughPlan) }, file.profile);
  },
  simulatedPlayers: (sim, _file, seed, scheduler) => breakthroughPlayersOn(sim, seed, scheduler),
  engine: BREAKTHROUGH_ENGINE,
  // No physics: the same engine on any board.
  engineOn: () => ok(BREAKTHROUGH_ENGINE),
};

/** A Breakthrough match with these settings on a board of this profile, as a session referees it. */
export const breakthroughGame = (settings: BreakthroughRefereeSettings, profile: unknown): RefereeGame => ({
  ruleset: BREAKTHROUGH,
  settings: breakthroughSettingsJson(settings),
  profile,
});
