/** Surakarta (RULES.md, Surakarta) as a ruleset: its notation, its board of 36 points, its referee and match settings. */
import { readTakebackPlies, takebackJson } from '../../referee/takeback-setting.ts';
import { SURAKARTA_WORDS } from '../../rulesets/words.ts';
import { SURAKARTA_DRAWING } from './drawing.ts';
import { DEFAULT_SURAKARTA_SETTINGS, surakartaReferee, type SurakartaRefereeSettings } from './referee.ts';
import { POLICIES } from '../../referee/verdicts.ts';
import {
  PIECE_CHARS,
  START_POSITION,
  divide,
  formatPosition,
  moveLines,
  noMoveText,
  parsePosition,
  perft,
  pieceCounts,
  type Position,
} from './rules/index.ts';
import type { JsonObject } from '../../util/json.ts';
import { err, ok, type Result } from '../../util/result.ts';
import type { PositionTools, RefereeGame, Ruleset } from '../../rulesets/ruleset.ts';
import { parseSurakartaBoard, surakartaSensingSetup } from './board.ts';
import { SURAKARTA_OPTIONS, formatSurakartaMatch, parseSurakartaMatch, readSurakartaPlan, type SurakartaPlan } from './options.ts';
import { surakartaPlayersOn } from './players.ts';
import { flatBoardFile } from '../../rulesets/flat-board.ts';
import { SURAKARTA_ENGINE } from './engine/engine-game.ts';

export { formatSurakartaMatch, parseSurakartaMatch } from './options.ts';

const tools = (pos: Position): PositionTools => ({
  perft: (depth) => perft(pos, depth),
  divide: (depth) => divide(pos, depth).map(({ notation, count }) => ({ notation, count })),
  moves: () => moveLines(pos).map((l) => ({ notation: l.notation, outcome: l.outcomeText })),
  noMoveText: noMoveText(pos),
});

/** The header's `settings` (players apart) for a match refereed with these settings. */
export function surakartaSettingsJson(s: SurakartaRefereeSettings): JsonObject {
  return {
    policy: s.policy,
    match: formatSurakartaMatch(s.match),
    holdingGraceMs: s.holdingGraceMs,
    ...(s.firstPosition ? { firstPosition: formatPosition(s.firstPosition) } : {}),
    ...takebackJson(s.takebackPlies),
  };
}

/** Reads header settings back, checking every field; the message names the first bad one. */
export function parseSurakartaSettings(s: JsonObject): Result<SurakartaRefereeSettings, string> {
  if (!POLICIES.includes(s.policy as never)) return err(`settings.policy must be one of ${POLICIES.join(', ')}`);
  const match = typeof s.match === 'string' ? parseSurakartaMatch(s.match) : err('missing');
  if (!match.ok) return err(`settings.match: ${match.error}`);
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
    ...DEFAULT_SURAKARTA_SETTINGS,
    policy: s.policy as SurakartaRefereeSettings['policy'],
    match: match.value,
    holdingGraceMs: grace,
    ...(firstPosition ? { firstPosition } : {}),
    ...takeback.value,
  });
}

export const SURAKARTA: Ruleset<'surakarta'> = {
  id: 'surakarta',
  name: 'Surakarta',
  words: SURAKARTA_WORDS,
  drawing: SURAKARTA_DRAWING,
  board: { files: 6, ranks: 6, pivots: false, tilt: false },
  startPosition: START_POSITION,
  referenceProfileFile: 'surakarta-mega-2560.json',
  profileFile(json) {
    const board = parseSurakartaBoard(json);
    return board.ok ? ok(flatBoardFile(json, board.value, PIECE_CHARS)) : board;
  },
  position(text) {
    const parsed = parsePosition(text.trim());
    return parsed.ok ? ok(tools(parsed.value)) : err(parsed.error);
  },
  boardProfile(json) {
    const board = parseSurakartaBoard(json);
    return board.ok ? ok({ sensing: (calibration, options) => surakartaSensingSetup(board.value, calibration, options) }) : board;
  },
  piecesInPlay(position) {
    const parsed = parsePosition(position);
    return parsed.ok ? pieceCounts(parsed.value.board) : undefined;
  },
  referee: {
    fromJson(settings, profile) {
      const board = parseSurakartaBoard(profile);
      if (!board.ok) return err(`profile: ${board.error}`);
      const parsed = parseSurakartaSettings(settings);
      return parsed.ok ? ok(surakartaReferee(parsed.value)) : parsed;
    },
  },
  options: SURAKARTA_OPTIONS,
  readPlan: readSurakartaPlan,
  newMatch(file, { policy, plan }) {
    // The plan is the one readPlan made.
    return surakartaGame({ ...DEFAULT_SURAKARTA_SETTINGS, policy, ...(plan as SurakartaPlan) }, file.profile);
  },
  simulatedPlayers: (sim, _file, seed, scheduler) => surakartaPlayersOn(sim, seed, scheduler),
  engine: SURAKARTA_ENGINE,
  // No physics: the same engine on any board.
  engineOn: () => ok(SURAKARTA_ENGINE),
};

/** A Surakarta match with these settings on a board of this profile, as a session referees it. */
export const surakartaGame = (settings: SurakartaRefereeSettings, profile: unknown): RefereeGame => ({
  ruleset: SURAKARTA,
  settings: surakartaSettingsJson(settings),
  profile,
});
