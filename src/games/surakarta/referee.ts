/**
 * Surakarta (RULES.md, Surakarta) as the referee engine referees it: its rules core
 * (src/games/surakarta/rules/) behind `RefereeRules`, its match of games or points, its rulings.
 * The board cannot tip: no physics of its own, so a move is final when its piece is placed.
 *
 * Rulings the referee adds to RULES.md (Surakarta), besides those it shares with Senryaku:
 * - a side with no legal move passes at once: a `notice` says so and the turn goes over; no
 *   `move` verdict is given, so the next `move` comes from the same side as the last;
 * - a forfeit (holding the board, a second foul under the tournament policy) loses the game;
 *   the winner scores its pieces in play and the side that forfeited scores nothing;
 * - the game may end by the players' agreement (an operator's `agree`).
 */
import { createReferee } from '../../referee/engine.ts';
import type { GameTypesOf, RefereeRules, RefereeSettings } from '../../referee/rules.ts';
import type { RefereeState } from '../../referee/state.ts';
import { MAX_TRACK_LENGTH } from '../../rules/match/track.ts';
import { endByAgreement, gameStatus } from './rules/game.ts';
import {
  DEFAULT_SURAKARTA_MATCH,
  currentGame,
  matchLength,
  newSurakartaMatch,
  playerOf,
  recordSurakartaGame,
  sidesOfGame,
  withdrawLastSurakartaGame,
  type SurakartaMatch,
  type SurakartaMatchState,
} from './rules/match.ts';
import { checkMove, legalMoves, movesFrom, type Move } from './rules/moves.ts';
import { formatMove } from './rules/notation.ts';
import { playPass, positionAfter } from './rules/play.ts';
import { formatPosition } from './rules/position-notation.ts';
import { pieceCounts, startPosition, type Position } from './rules/position.ts';
import { FILES, POINTS, RANKS, SIDES, cellChar, opposite, parsePoint, pointName, sideOf } from './rules/types.ts';
import { err, ok } from '../../util/result.ts';

/** Settings of a refereed Surakarta match: foul policy, match format, the holding grace, a first position. */
export interface SurakartaRefereeSettings extends RefereeSettings<Position> {
  readonly match: SurakartaMatch;
}

// No placement grace or tip attribution: a Surakarta board does not tip, so a move is final
// the moment the piece is placed.
export const DEFAULT_SURAKARTA_SETTINGS: SurakartaRefereeSettings = {
  policy: 'casual',
  match: DEFAULT_SURAKARTA_MATCH,
  holdingGraceMs: 2000,
};

/** The types Surakarta is refereed in (its board has no physics of its own). */
export type SurakartaGame = GameTypesOf<Position, Move, SurakartaMatchState, SurakartaRefereeSettings>;

export type SurakartaRefereeState = RefereeState<SurakartaGame>;

/** A piece whose side the referee does not know (placed from outside, or sensed at start-up). */
const UNKNOWN_PIECE = 5;

export const SURAKARTA_REFEREE_RULES: RefereeRules<SurakartaGame> = {
  id: 'surakarta',
  name: 'Surakarta',
  board: {
    cells: POINTS,
    files: FILES,
    ranks: RANKS,
    cellName: pointName,
    parseCell: parsePoint,
    pieceLetter: cellChar,
    unknownPiece: UNKNOWN_PIECE,
  },
  words: { piece: 'piece', pieces: 'pieces', cell: 'point', rolled: 'slid' },
  sides: SIDES,
  opposite,
  sideOf,
  // A capture takes any enemy piece.
  capturable: (code, mover) => sideOf(code) === opposite(mover),
  startPosition,
  formatPosition,
  legalMoves,
  movesFrom,
  checkMove,
  positionAfter,
  formatMove,
  // Won by taking every enemy piece; a side with no legal move passes.
  status: (position) => {
    const status = gameStatus({ position });
    if (status.kind === 'over') return { kind: 'over', end: { winner: status.winner, reason: status.reason, forfeit: false } };
    const passed = status.kind === 'must-pass' ? playPass(position) : undefined;
    return passed?.ok ? { kind: 'must-pass', position: passed.value } : { kind: 'on' };
  },
  // More pieces in play wins; equal counts are a draw.
  agreedEnd: (position) => {
    const ended = endByAgreement({ position });
    return ended.ok && ended.value.result
      ? { winner: ended.value.result.winner, reason: ended.value.result.reason, forfeit: false }
      : undefined;
  },
  match: {
    newMatch: (settings) => {
      const match = newSurakartaMatch(settings.match);
      return match.ok ? match : err(match.error.message);
    },
    // Light first: the players in playing order.
    players: (_match, number) => sidesOfGame(number),
    // Each side scores its pieces in play; a side that forfeited scores nothing.
    record: (match, end, position) => {
      const scores = pieceCounts(position.board);
      if (end.forfeit && end.winner !== undefined) scores[opposite(end.winner)] = 0;
      const number = currentGame(match);
      const recorded = recordSurakartaGame(match, { ...(end.winner ? { winner: end.winner } : {}), reason: end.reason, scores });
      if (!recorded.ok) return err(recorded.error.message);
      const awarded = recorded.value.games.at(-1)!.awarded;
      const points = end.winner === undefined ? 0 : awarded[playerOf(end.winner, number)];
      return ok({ match: recorded.value, points, awarded });
    },
    withdrawLast: (match) => {
      const withdrawn = withdrawLastSurakartaGame(match);
      return withdrawn.ok ? withdrawn : err(withdrawn.error.message);
    },
    over: (match) => match.over,
    // The number of games, or the points target; a longer points target fills the track.
    trackLength: (match) => Math.min(matchLength(match.settings), MAX_TRACK_LENGTH),
  },
  messages: {
    noCapturer: (mover, cell) => ({
      code: 'NotYourSphere',
      message: `the piece on ${cell} is ${opposite(mover)}'s and no piece of ${mover} can capture it`,
    }),
    cannotCaptureNow: (cell) => `the piece on ${cell} cannot be captured now: a move captures one piece`,
    captureAbandoned: (cell) => `the piece on ${cell} was put back: capture abandoned`,
    notOwnPlaced: (mover, from, to) => `the ${opposite(mover)} piece from ${from} was set down on ${to}`,
  },
  rulings: {
    liftOnEmpty: 'notice',
    destinations: 'by-name',
    setupReports: 'while-waiting',
    judgesFirstPosition: true,
    foulRecovery: 'moves',
    blindTurnStart: 'their-piece-not-capturable',
  },
};

/** Throws TypeError for settings no match can be played with (programmer misuse: the descriptor checks them first). */
export const surakartaReferee = (settings: SurakartaRefereeSettings = DEFAULT_SURAKARTA_SETTINGS) =>
  createReferee(SURAKARTA_REFEREE_RULES, settings);
