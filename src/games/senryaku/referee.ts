/**
 * Senryaku (RULES.md) as the referee engine referees it: its rules core (src/games/senryaku/rules/)
 * behind `RefereeRules`, its match on the scoring track, its rulings, and its board's physics
 * (physics.ts: the tilt switches decide crashes, the balance model predicts them).
 */
import { createReferee } from '../../referee/engine.ts';
import type { GameTypesOf, RefereeRules, RefereeSettings } from '../../referee/rules.ts';
import type { RefereeState } from '../../referee/state.ts';
import {
  DEFAULT_MATCH_SETTINGS,
  newMatch,
  playerOfSide,
  recordGame,
  withdrawLastGame,
  type MatchSettings,
  type MatchState,
} from '../../rules/match/track.ts';
import { END_REASONS, POINTS_FOR, type EndReason } from './rules/game.ts';
import { checkMove, legalMoves, movesFrom, type Move } from './rules/moves.ts';
import { formatMove } from './rules/notation.ts';
import { positionAfter } from './rules/play.ts';
import { startPosition, type Position } from './rules/position.ts';
import { DEFAULT_PROFILE, type BoardProfile } from './rules/profile.ts';
import { formatSpn } from './rules/spn.ts';
import { COLORS, FILES, RANKS, WELLS, cellChar, cellColor, colouredOf, opposite, parseWell, wellName } from './rules/types.ts';
import { err, ok } from '../../util/result.ts';
import { SENRYAKU_PHYSICS, type SenryakuPhysicsState } from './physics.ts';

/** Settings of a refereed Senryaku match: board profile, foul policy, match format, time limits. */
export interface SenryakuRefereeSettings extends RefereeSettings<Position> {
  readonly profile: BoardProfile;
  readonly match: MatchSettings;
  /** A tip this soon after a placement is the placer's, even though the turn has passed. */
  readonly placementGraceMs: number;
  /**
   * The tilt switches answer within ~10 ms, before the load cells have settled on the lift or
   * placement that tipped the board; the crash is judged this long after the tip, once they have.
   */
  readonly tipAttributionMs: number;
  /** How long the model's predicted tip may go unconfirmed by the tilt switches before it is logged. */
  readonly disagreementWindowMs: number;
}

export const DEFAULT_REFEREE_SETTINGS: SenryakuRefereeSettings = {
  profile: DEFAULT_PROFILE,
  policy: 'casual',
  match: DEFAULT_MATCH_SETTINGS,
  placementGraceMs: 1500,
  holdingGraceMs: 2000,
  disagreementWindowMs: 750,
  tipAttributionMs: 300,
};

/** The types Senryaku is refereed in. */
export type SenryakuGame = GameTypesOf<Position, Move, MatchState, SenryakuRefereeSettings, SenryakuPhysicsState>;

export type SenryakuRefereeState = RefereeState<SenryakuGame>;

/** A sphere whose identity the referee does not know (placed from outside, or sensed at start-up). */
const UNKNOWN_SPHERE = 5;

const isEndReason = (reason: string): reason is EndReason => (END_REASONS as readonly string[]).includes(reason);

export const SENRYAKU_REFEREE_RULES: RefereeRules<SenryakuGame> = {
  id: 'senryaku',
  name: 'Senryaku',
  board: {
    cells: WELLS,
    files: FILES,
    ranks: RANKS,
    cellName: wellName,
    parseCell: parseWell,
    pieceLetter: cellChar,
    unknownPiece: UNKNOWN_SPHERE,
  },
  words: { piece: 'sphere', pieces: 'spheres', cell: 'well', rolled: 'rolled' },
  sides: COLORS,
  opposite,
  sideOf: cellColor,
  // A capture takes the enemy coloured sphere, nothing else.
  capturable: (code, mover) => code === colouredOf(opposite(mover)),
  startPosition,
  formatPosition: formatSpn,
  legalMoves,
  movesFrom,
  checkMove,
  positionAfter,
  formatMove,
  liftFoul: (pos, well) =>
    pos.locked[pos.turn] === well
      ? { code: 'LockedSphere', message: `the sphere on ${wellName(well)} moved last turn and is locked: move another sphere first` }
      : undefined,
  // A capture wins (once it stands through the placement grace: physics.ts); a side left with no legal move loses.
  status: (pos, move) =>
    move?.capture
      ? { kind: 'over', end: { winner: opposite(pos.turn), reason: 'capture', forfeit: false } }
      : legalMoves(pos).length === 0
        ? { kind: 'no-move' }
        : { kind: 'on' },
  match: {
    newMatch: (settings) => {
      const match = newMatch(settings.match);
      return match.ok ? match : err(match.error.message);
    },
    players: (match, number) => ({ white: playerOfSide(match, 'white', number), black: playerOfSide(match, 'black', number) }),
    // Match points by how the game ended (RULES.md, End of a game); no Senryaku game is drawn.
    record: (match, end) => {
      if (end.winner === undefined || !isEndReason(end.reason)) return err(`no Senryaku game ends '${end.reason}' without a winner`);
      const points = POINTS_FOR[end.reason];
      const recorded = recordGame(match, { winner: end.winner, reason: end.reason, points });
      return recorded.ok ? ok({ match: recorded.value, points }) : err(recorded.error.message);
    },
    withdrawLast: (match) => {
      const withdrawn = withdrawLastGame(match);
      return withdrawn.ok ? withdrawn : err(withdrawn.error.message);
    },
    over: (match) => match.winner !== undefined,
    trackLength: (match) => match.settings.trackLength,
  },
  messages: {
    noCapturer: (mover, cell) => ({
      code: 'IllegalCaptureLift',
      message: `no sphere of ${mover} can capture the coloured sphere on ${cell}`,
    }),
    cannotCaptureNow: (cell) => `the coloured sphere on ${cell} cannot be captured now`,
    captureAbandoned: (cell) => `the coloured sphere was put back on ${cell}: capture abandoned`,
    notOwnPlaced: (_mover, from, to) => `the sphere from ${from} was set down on ${to}`,
  },
  rulings: {
    liftOnEmpty: 'foul',
    destinations: 'rules-order',
    setupReports: 'each-snapshot',
    judgesFirstPosition: false,
    foulRecovery: 'steps',
    blindTurnStart: 'their-piece-or-capture',
  },
  physics: SENRYAKU_PHYSICS,
};

export const senryakuReferee = (settings: SenryakuRefereeSettings = DEFAULT_REFEREE_SETTINGS) =>
  createReferee(SENRYAKU_REFEREE_RULES, settings);
