/**
 * The types a game works in, as the engine reads them: its position, move, match and settings
 * as one `GameTypes` bundle, and how a game ends. Apart from the rules (rules.ts), so that the
 * state and the physics hooks can name them without importing the rules they are part of.
 */
import type { ByPlayer, Player } from '../rules/match/track.ts';
import type { Cell } from './inputs.ts';
import type { FoulPolicy } from './verdicts.ts';

/** A position as the engine reads it: a piece code per cell (0: empty) and the side to move. */
export interface RefereePosition {
  readonly board: Int8Array;
  readonly turn: string;
}

/** A move as the engine reads it: from, to, and whether it captures what stands on `to`. */
export interface RefereeMove {
  readonly from: Cell;
  readonly to: Cell;
  readonly capture: boolean;
}

/** What the engine reads of a match: the totals, the games recorded, the winner once decided. */
export interface MatchRecord {
  readonly points: ByPlayer<number>;
  readonly gamesWon: ByPlayer<number>;
  readonly games: readonly unknown[];
  readonly winner?: Player;
}

/** The settings every refereed match has; a game's settings add its own. */
export interface RefereeSettings<P> {
  /** `casual`: fouls are counted, never lose; `tournament`: a side's second foul in a game forfeits it (RULES.md). */
  readonly policy: FoulPolicy;
  /** A hand on the board longer than this forfeits the game of the side to move. */
  readonly holdingGraceMs: number;
  /** The position game 1 starts from, when not the start position (an adjourned game, a puzzle, a test). */
  readonly firstPosition?: P;
  /**
   * How many plies a takeback takes back (takeback.ts; default 1: two people at the board):
   * 2 where a side is the computer, whose reply goes back with the person's move. Casual play only.
   */
  readonly takebackPlies?: number;
}

/** The types a game works in, as one bundle: `RefereeRules<G>`, `RefereeState<G>`. */
export interface GameTypes {
  readonly position: RefereePosition;
  readonly move: RefereeMove;
  readonly match: MatchRecord;
  readonly settings: RefereeSettings<this['position']>;
  /** What its board physics keeps between steps (`undefined` for a game without). */
  readonly physics: unknown;
}

/** A game's types in one line: its position, move, match, settings and (where its board has physics of its own) physics state. */
export type GameTypesOf<
  P extends RefereePosition,
  M extends RefereeMove,
  Mt extends MatchRecord,
  St extends RefereeSettings<P>,
  X = undefined,
> = {
  readonly position: P;
  readonly move: M;
  readonly match: Mt;
  readonly settings: St;
  readonly physics: X;
};

/** A side of game G, in the game's own words (`white`, `light`). */
export type SideOf<G extends GameTypes> = G['position']['turn'];

/** How a game ended: the winner (undefined: a draw), why, and whether the loser forfeited it. */
export interface GameEnd<S extends string = string> {
  readonly winner: S | undefined;
  readonly reason: string;
  /** The loser forfeited (holding the board, fouls, no move): where a game scores both sides, it scores nothing. */
  readonly forfeit: boolean;
}

/** Where a game stands after a move (or at its start, where the game judges its first position). */
export type GameStatus<G extends GameTypes> =
  | { readonly kind: 'on' }
  /** The side to move has no legal move and loses (a `forfeit`, `no-move`). */
  | { readonly kind: 'no-move' }
  /** The side to move has no legal move and passes: `position` is the one after the pass. */
  | { readonly kind: 'must-pass'; readonly position: G['position'] }
  | { readonly kind: 'over'; readonly end: GameEnd<SideOf<G>> };
