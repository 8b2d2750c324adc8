/**
 * The computer opponent's contract: what a game gives the search (a `SearchBoard` it can make
 * and unmake moves on, and an `EngineGame` that reads positions and moves in the game's own
 * notation), and what the search gives back. The search (src/engine/search.ts) knows no game;
 * each game's engine lives in `src/games/<game>/engine/` and its descriptor names it.
 *
 * Pure, as the rules cores are: no clock but the one handed in (`SearchOptions.now`), no
 * randomness but the seed handed in, so a search with a depth or node limit is the same
 * search on every machine, and a test can replay it.
 */
import type { Result } from '../util/result.ts';

/** What a move did to the game, from the mover's side: it goes on, or it ended the game then and there. */
export const MOVE_ENDS = ['continues', 'mover-wins', 'mover-loses', 'draw'] as const;
export type MoveEnd = (typeof MOVE_ENDS)[number];

/**
 * One position the search walks by making and unmaking moves in place (typed arrays inside,
 * nothing allocated per node). A move is a small non-negative integer whose meaning only the
 * board knows; `generate` gives every legal move, and a side that must pass gets its pass as
 * a move (so 0 moves means the side to move has lost, as in Senryaku's no-move rule).
 */
export interface SearchBoard {
  /** The most moves any position of this game can have (the size `generate` needs). */
  readonly maxMoves: number;
  /** Writes the legal moves of the side to move into `out` and returns how many. */
  generate(out: Int32Array): number;
  /** A capture or another move that changes the material: searched on in quiescence and ordered first. */
  isNoisy(move: number): boolean;
  /** Plays a legal move and says whether the game goes on. */
  make(move: number): MoveEnd;
  /** Takes back the last move made (which must be `move`). */
  unmake(move: number): void;
  /** The static evaluation from the side to move's view: positive is good for it (a pawn-like unit is 100). */
  evaluate(): number;
  /** A Zobrist-style key of the position, side to move and locks included, as two 32-bit halves. */
  hashLow(): number;
  hashHigh(): number;
  /** The side to move in the game's words (`white`, `light`...). */
  turn(): string;
}

/** A position or move the engine cannot take: a code for programs, a message for people. */
export interface EngineProblem {
  readonly code: 'BadPosition' | 'BadMove' | 'IllegalMove' | 'GameOver';
  readonly message: string;
}

/** A game as the engine knows it: positions and moves in the game's own notation. */
export interface EngineGame {
  /** The game's id (as `--rules` names it). */
  readonly id: string;
  readonly startPosition: string;
  /** A search board at `position` after `moves` (each checked legal by the rules core); the error names the first bad one. */
  load(position: string, moves: readonly string[]): Result<SearchBoard, EngineProblem>;
  /** The board's position in the game's position notation (what `load` reads back). */
  position(board: SearchBoard): string;
  /** A move of the board's side to move in the game's notation (before it is made). */
  formatMove(board: SearchBoard, move: number): string;
  /** The legal move of the board's side to move that `text` names, if any. */
  parseMove(board: SearchBoard, text: string): Result<number, EngineProblem>;
}

/** How far to look: any combination; the first reached stops the search (none: depth 1 at least, until stopped). */
export interface SearchLimits {
  readonly depth?: number;
  readonly nodes?: number;
  readonly movetimeMs?: number;
}

/** A score from the side to move's view: centi-units, or a forced end in so many moves (negative: it loses). */
export type Score = { readonly kind: 'cp'; readonly value: number } | { readonly kind: 'mate'; readonly moves: number };

/** What the search reports after each completed depth (UCI's `info`). */
export interface SearchInfo {
  readonly depth: number;
  readonly seldepth: number;
  readonly score: Score;
  readonly nodes: number;
  readonly timeMs: number;
  /** The principal variation in the game's notation. */
  readonly pv: readonly string[];
}

export interface SearchOutcome {
  /** Undefined only when the side to move has no legal move. */
  readonly bestMove: string | undefined;
  readonly info: SearchInfo;
}

/** Levels 1 (a beginner: mostly safe, sometimes careless, never absurd) to 10 (the full search). */
export const LEVELS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
export type Level = (typeof LEVELS)[number];

export interface SearchOptions {
  readonly level: Level;
  /** Seeds the lower levels' mistakes and the choice among equal moves. */
  readonly seed: number;
  /** Milliseconds from any origin: the only clock the search reads (movetime). */
  readonly now: () => number;
  /** Polled every few thousand nodes: true ends the search with the best move so far (UCI `stop`). */
  readonly shouldStop?: () => boolean;
  readonly onInfo?: (info: SearchInfo) => void;
  /**
   * The game's earlier positions (their `hashLow`/`hashHigh` keys, any order, the root's own
   * excluded): a line that comes back to one of them is scored a draw, as a repetition on the
   * searched line is. So a side that is ahead steers away from going round in circles, and one
   * that is behind may steer into them. Without it only the searched line's repetitions count.
   */
  readonly history?: readonly PositionKey[];
}

/** A position's key as the search board gives it (`hashLow`, `hashHigh`). */
export interface PositionKey {
  readonly low: number;
  readonly high: number;
}
