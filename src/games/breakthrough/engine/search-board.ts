/**
 * Breakthrough's search board (src/engine/types.ts, SearchBoard): a private copy of the 36
 * squares that the search walks by making and unmaking moves in place, with the piece counts
 * and the Zobrist key kept as it goes, and nothing allocated per node.
 *
 * Moves are the rules core's codes (rules/moves.ts: from | to << 6 | capture << 12), written
 * by its allocation-free generator. A game ends on the move that brings a piece to the far
 * rank or takes the last enemy piece (rules/game.ts): `make` says the mover wins. There are
 * no passes and no draws: a side with pieces always has a move.
 *
 * Undoing needs no stack: a step's `to` was empty, a capture's held an enemy piece.
 */
import type { MoveEnd, SearchBoard } from '../../../engine/types.ts';
import { CAPTURE_BIT, MAX_MOVES, generateMoves } from '../rules/moves.ts';
import type { Position } from '../rules/position.ts';
import { EMPTY, FILES, SIDES, SQUARES, WHITE, cellOf, type Side } from '../rules/types.ts';
import { evaluate } from './evaluation.ts';
import { BLACK_TO_MOVE_HIGH, BLACK_TO_MOVE_LOW, PIECE_KEY_HIGH, PIECE_KEY_LOW, positionKey } from './zobrist.ts';

/** Is this a move onto a goal rank (White's is rank 6, squares 30..35; Black's rank 1, 0..5)? Only the side whose goal it is can get there. */
const reachesGoal = (to: number): boolean => to < FILES || to >= SQUARES - FILES;

export class BreakthroughSearchBoard implements SearchBoard {
  readonly maxMoves = MAX_MOVES;
  readonly #board: Int8Array;
  /** The side to move's cell: WHITE (1) or BLACK (2). */
  #mover: number;
  /** Pieces on the board by cell (index 1 White, 2 Black). */
  readonly #pieces = new Int32Array(3);
  #low: number;
  #high: number;

  constructor(pos: Position) {
    this.#board = pos.board.slice();
    this.#mover = cellOf(pos.turn);
    for (let s = 0; s < SQUARES; s++) this.#pieces[this.#board[s]!]!++;
    const key = positionKey(this.#board, this.#mover !== WHITE);
    this.#low = key.low;
    this.#high = key.high;
  }

  generate(out: Int32Array): number {
    return this.#pieces[this.#mover] === 0 ? 0 : generateMoves(this.#board, SIDES[this.#mover - 1]!, out);
  }

  /** A capture, or a move onto the goal rank (it wins). */
  isNoisy(move: number): boolean {
    return (move & CAPTURE_BIT) !== 0 || reachesGoal((move >> 6) & 63);
  }

  make(move: number): MoveEnd {
    const board = this.#board;
    const mover = this.#mover;
    const enemy = 3 - mover;
    const from = move & 63;
    const to = (move >> 6) & 63;
    const moverKey = mover - 1;
    this.#mover = enemy;
    this.#low ^= BLACK_TO_MOVE_LOW ^ PIECE_KEY_LOW[2 * from + moverKey]! ^ PIECE_KEY_LOW[2 * to + moverKey]!;
    this.#high ^= BLACK_TO_MOVE_HIGH ^ PIECE_KEY_HIGH[2 * from + moverKey]! ^ PIECE_KEY_HIGH[2 * to + moverKey]!;
    board[to] = mover;
    board[from] = EMPTY;
    let lastTaken = false;
    if ((move & CAPTURE_BIT) !== 0) {
      this.#low ^= PIECE_KEY_LOW[2 * to + enemy - 1]!;
      this.#high ^= PIECE_KEY_HIGH[2 * to + enemy - 1]!;
      lastTaken = --this.#pieces[enemy]! === 0;
    }
    return lastTaken || reachesGoal(to) ? 'mover-wins' : 'continues';
  }

  unmake(move: number): void {
    const board = this.#board;
    const enemy = this.#mover;
    const mover = 3 - enemy;
    const from = move & 63;
    const to = (move >> 6) & 63;
    const moverKey = mover - 1;
    this.#mover = mover;
    this.#low ^= BLACK_TO_MOVE_LOW ^ PIECE_KEY_LOW[2 * from + moverKey]! ^ PIECE_KEY_LOW[2 * to + moverKey]!;
    this.#high ^= BLACK_TO_MOVE_HIGH ^ PIECE_KEY_HIGH[2 * from + moverKey]! ^ PIECE_KEY_HIGH[2 * to + moverKey]!;
    board[from] = mover;
    if ((move & CAPTURE_BIT) === 0) {
      board[to] = EMPTY;
      return;
    }
    board[to] = enemy;
    this.#pieces[enemy]!++;
    this.#low ^= PIECE_KEY_LOW[2 * to + enemy - 1]!;
    this.#high ^= PIECE_KEY_HIGH[2 * to + enemy - 1]!;
  }

  evaluate(): number {
    return evaluate(this.#board, this.#mover);
  }

  hashLow(): number {
    return this.#low;
  }

  hashHigh(): number {
    return this.#high;
  }

  turn(): Side {
    return SIDES[this.#mover - 1]!;
  }

  /** The position on the board now, as the rules core has it (a copy). */
  position(): Position {
    return { board: this.#board.slice(), turn: this.turn() };
  }
}
