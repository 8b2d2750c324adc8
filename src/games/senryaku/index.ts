/** Senryaku (RULES.md) as a ruleset: SPN, the balance model from the board's profile, its referee. */
import { readTakebackPlies, takebackJson } from '../../referee/takeback-setting.ts';
import { SENRYAKU_WORDS } from '../../rulesets/words.ts';
import { SENRYAKU_DRAWING } from './drawing.ts';
import { DEFAULT_REFEREE_SETTINGS, senryakuReferee, type SenryakuRefereeSettings } from './referee.ts';
import { POLICIES } from '../../referee/verdicts.ts';
import { COLOUR_MODES, MAX_TRACK_LENGTH } from '../../rules/match/track.ts';
import {
  BalanceModel,
  DEFAULT_PROFILE,
  PIECE_CHARS,
  START_SPN,
  gramsPerMassUnit,
  lightestSphereGrams,
  realGramsPerMassUnit,
  divide,
  formatMove,
  formatSpn,
  legalMoves,
  moveOutcome,
  parseSpn,
  perft,
  type BoardProfile,
  type MoveOutcome,
  type Position,
} from './rules/index.ts';
import { isJsonObject, type JsonObject } from '../../util/json.ts';
import { err, ok, type Result } from '../../util/result.ts';
import type { PositionTools, RefereeGame, Ruleset } from '../../rulesets/ruleset.ts';
import { parseSenryakuBoardProfile, senryakuProfileOf, sensingSetupOf } from './board.ts';
import { SENRYAKU_OPTIONS, readSenryakuPlan, type SenryakuPlan } from './options.ts';
import { SENRYAKU_ENGINE, senryakuEngine } from './engine/engine-game.ts';
import { senryakuPlayersOn } from './players.ts';
import { formatProfileProblems, parseProfileFile } from './profile-file.ts';

export const describeOutcome = (o: MoveOutcome): string =>
  o.kind === 'none'
    ? 'none'
    : o.kind === 'capture'
      ? `capture: ${o.winner} wins`
      : `crash at ${o.step} (step ${o.stepIndex}), tips toward ${o.toward}: ${o.loser} loses`;

function tools(pos: Position, model: BalanceModel): PositionTools {
  return {
    perft: (depth) => perft(pos, depth, model),
    divide: (depth) => divide(pos, depth, model).map(({ notation, count }) => ({ notation, count })),
    moves: () =>
      legalMoves(pos)
        .map((m) => ({ notation: formatMove(m), outcome: describeOutcome(moveOutcome(pos, m, model)) }))
        .sort((a, b) => (a.notation < b.notation ? -1 : 1)),
    noMoveText: `no legal move: ${pos.turn} loses (no-move)`,
  };
}

const GRACE_FIELDS = ['placementGraceMs', 'holdingGraceMs', 'disagreementWindowMs'] as const;

/** The header's `settings` (players apart) for a match refereed with these settings. */
export function senryakuSettingsJson(s: SenryakuRefereeSettings): JsonObject {
  return {
    policy: s.policy,
    match: s.match,
    placementGraceMs: s.placementGraceMs,
    holdingGraceMs: s.holdingGraceMs,
    disagreementWindowMs: s.disagreementWindowMs,
    ...(s.firstPosition ? { firstPosition: formatSpn(s.firstPosition) } : {}),
    ...takebackJson(s.takebackPlies),
  };
}

/** Reads header settings back, checking every field; the message names the first bad one. */
export function parseSenryakuSettings(s: JsonObject, profile: BoardProfile): Result<SenryakuRefereeSettings, string> {
  if (!POLICIES.includes(s.policy as never)) return err(`settings.policy must be one of ${POLICIES.join(', ')}`);
  const m = s.match;
  if (
    !isJsonObject(m) ||
    !Number.isSafeInteger(m.trackLength) ||
    (m.trackLength as number) < 1 ||
    (m.trackLength as number) > MAX_TRACK_LENGTH
  )
    return err(`settings.match.trackLength must be a whole number from 1 to ${MAX_TRACK_LENGTH}`);
  if (!COLOUR_MODES.includes(m.colours as never)) return err(`settings.match.colours must be one of ${COLOUR_MODES.join(', ')}`);
  for (const k of GRACE_FIELDS) {
    const v = s[k];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) return err(`settings.${k} must be a number of ms >= 0`);
  }
  let firstPosition: Position | undefined;
  if (s.firstPosition !== undefined) {
    const first = typeof s.firstPosition === 'string' ? parseSpn(s.firstPosition) : undefined;
    if (!first?.ok) return err(`settings.firstPosition is not a valid SPN${first && !first.ok ? `: ${first.error.message}` : ''}`);
    firstPosition = first.value;
  }
  const takeback = readTakebackPlies(s);
  if (!takeback.ok) return takeback;
  return ok({
    ...DEFAULT_REFEREE_SETTINGS,
    profile,
    policy: s.policy as SenryakuRefereeSettings['policy'],
    match: { trackLength: m.trackLength as number, colours: m.colours as SenryakuRefereeSettings['match']['colours'] },
    placementGraceMs: s.placementGraceMs as number,
    holdingGraceMs: s.holdingGraceMs as number,
    disagreementWindowMs: s.disagreementWindowMs as number,
    ...(firstPosition ? { firstPosition } : {}),
    ...takeback.value,
  });
}

export const SENRYAKU: Ruleset<'senryaku'> = {
  id: 'senryaku',
  name: 'Senryaku',
  words: SENRYAKU_WORDS,
  drawing: SENRYAKU_DRAWING,
  board: { files: 7, ranks: 6, pivots: true, tilt: true },
  startPosition: START_SPN,
  referenceProfileFile: 'reference-mega-2560.json',
  profileFile(json) {
    const parsed = parseProfileFile(json);
    if (!parsed.ok) return err(formatProfileProblems(parsed.error));
    const { profile, hardware } = parsed.value;
    const realGrams = realGramsPerMassUnit(profile);
    return ok({
      name: profile.name,
      profile,
      hardware,
      mapped: profile.cells !== undefined,
      lightestPieceG: lightestSphereGrams(profile),
      pivotHalfGap: profile.halfGap,
      boardOnPivotsG: hardware.cells.pivots.length > 0 && realGrams !== undefined ? profile.boardMass * realGrams : undefined,
      sim: {
        pieces: PIECE_CHARS.join(''),
        physics: {
          wellPitch: profile.wellPitch,
          halfGap: profile.halfGap,
          boardMass: profile.boardMass,
          sphereMass: profile.sphereMass,
          massUnit: profile.massUnit,
        },
        gramsPerMassUnit: gramsPerMassUnit(profile),
      },
    });
  },
  position(text, profile = DEFAULT_PROFILE) {
    const board = parseSenryakuBoardProfile(profile);
    if (!board.ok) return err({ code: 'BadProfile', message: `board profile: ${board.error}` });
    const parsed = parseSpn(text.trim());
    return parsed.ok ? ok(tools(parsed.value, BalanceModel.fromProfile(board.value))) : err(parsed.error);
  },
  boardProfile(json) {
    const profile = parseSenryakuBoardProfile(json);
    if (!profile.ok) return profile;
    return ok({ sensing: (calibration, options) => sensingSetupOf(profile.value, calibration, options) });
  },
  referee: {
    fromJson(settings, profileJson) {
      const profile = parseSenryakuBoardProfile(profileJson);
      if (!profile.ok) return err(`profile: ${profile.error}`);
      const parsed = parseSenryakuSettings(settings, profile.value);
      return parsed.ok ? ok(senryakuReferee(parsed.value)) : parsed;
    },
  },
  engine: SENRYAKU_ENGINE,
  engineOn(profile) {
    const board = parseSenryakuBoardProfile(profile);
    return board.ok ? ok(senryakuEngine(BalanceModel.fromProfile(board.value))) : err(`board profile: ${board.error}`);
  },
  options: SENRYAKU_OPTIONS,
  readPlan: readSenryakuPlan,
  newMatch(file, { policy, plan }) {
    // The plan is the one readPlan made.
    const { match, firstPosition } = plan as SenryakuPlan;
    return senryakuGame({
      ...DEFAULT_REFEREE_SETTINGS,
      profile: senryakuProfileOf(file),
      policy,
      match,
      ...(firstPosition ? { firstPosition } : {}),
    });
  },
  simulatedPlayers: (sim, file, seed, scheduler) => senryakuPlayersOn(sim, senryakuProfileOf(file), seed, undefined, scheduler),
};

/** A Senryaku match with these settings, as a session referees it (the profile is the settings'). */
export const senryakuGame = (settings: SenryakuRefereeSettings): RefereeGame => ({
  ruleset: SENRYAKU,
  settings: senryakuSettingsJson(settings),
  profile: settings.profile,
});
