/**
 * Breakthrough (README.md beside this file) as the referee engine referees it: its rules core
 * (rules/) behind `RefereeRules`, its first-to-N match. The board lies flat: no physics of its
 * own, so a move is final when its piece is placed. It rules as Surakarta does where the games
 * differ (`rulings`): a lift sensed where no piece stands is said and ignored; a capture takes
 * the enemy piece on a diagonal square ahead, so lifting any other enemy piece (the one straight
 * ahead too) is NotYourSphere; a forfeit (holding the board, a second foul under the tournament
 * policy) loses the game. There is no pass and no agreed end (an operator's `agree` changes
 * nothing): a side with pieces always has a move, and every game has a winner.
 */
import { createReferee } from '../../referee/engine.ts';
import type { GameTypesOf, RefereeRules, RefereeSettings } from '../../referee/rules.ts';
import type { RefereeState } from '../../referee/state.ts';
import { err, ok } from '../../util/result.ts';
import {
  DEFAULT_FIRST_TO,
  FILES,
  RANKS,
  SIDES,
  SQUARES,
  cellChar,
  checkMove,
  formatMove,
  formatPosition,
  gameStatus,
  legalMoves,
  movesFrom,
  newBreakthroughMatch,
  opposite,
  parseSquare,
  positionAfter,
  recordBreakthroughGame,
  sideOf,
  sidesOfGame,
  squareName,
  startPosition,
  withdrawLastBreakthroughGame,
  type BreakthroughMatch,
  type Move,
  type Position,
} from './rules/index.ts';

export interface BreakthroughRefereeSettings extends RefereeSettings<Position> {
  /** The match is won by the first player to win this many games. */
  readonly firstTo: number;
}

export const DEFAULT_BREAKTHROUGH_SETTINGS: BreakthroughRefereeSettings = {
  policy: 'casual',
  firstTo: DEFAULT_FIRST_TO,
  holdingGraceMs: 2000,
};

export type BreakthroughGame = GameTypesOf<Position, Move, BreakthroughMatch, BreakthroughRefereeSettings>;
export type BreakthroughRefereeState = RefereeState<BreakthroughGame>;

/** A piece whose side the referee does not know (placed from outside, or sensed at start-up). */
const UNKNOWN_PIECE = 5;

export const BREAKTHROUGH_REFEREE_RULES: RefereeRules<BreakthroughGame> = {
  id: 'breakthrough',
  name: 'Breakthrough',
  board: {
    cells: SQUARES,
    files: FILES,
    ranks: RANKS,
    cellName: squareName,
    parseCell: parseSquare,
    pieceLetter: cellChar,
    unknownPiece: UNKNOWN_PIECE,
  },
  words: { piece: 'piece', pieces: 'pieces', cell: 'square', rolled: 'slid' },
  sides: SIDES,
  opposite,
  sideOf,
  capturable: (code, mover) => sideOf(code) === opposite(mover),
  startPosition,
  formatPosition,
  legalMoves,
  movesFrom,
  checkMove,
  positionAfter,
  formatMove,
  status: (position) => {
    const status = gameStatus(position);
    return status.kind === 'over'
      ? { kind: 'over', end: { winner: status.winner, reason: status.reason, forfeit: false } }
      : { kind: 'on' };
  },
  match: {
    newMatch: (settings) => {
      const match = newBreakthroughMatch(settings.firstTo);
      return match.ok ? match : err(match.error.message);
    },
    // White first: the players in playing order.
    players: (_match, number) => sidesOfGame(number),
    // Breakthrough has no draws: every game the referee ends has a winner, who scores a point.
    record: (match, end) => {
      if (end.winner === undefined) return err(`a Breakthrough game has a winner (${end.reason})`);
      const recorded = recordBreakthroughGame(match, end.winner, end.reason);
      return recorded.ok ? ok({ match: recorded.value, points: 1 }) : err(recorded.error.message);
    },
    withdrawLast: (match) => {
      const withdrawn = withdrawLastBreakthroughGame(match);
      return withdrawn.ok ? withdrawn : err(withdrawn.error.message);
    },
    over: (match) => match.winner !== undefined,
    // One hole a game won.
    trackLength: (match) => match.firstTo,
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
export const breakthroughReferee = (settings: BreakthroughRefereeSettings = DEFAULT_BREAKTHROUGH_SETTINGS) =>
  createReferee(BREAKTHROUGH_REFEREE_RULES, settings);
