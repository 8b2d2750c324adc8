/**
 * Surakarta's search board (src/engine/types.ts, SearchBoard): a private copy of the 36
 * points that the search walks by making and unmaking moves in place, with the piece counts
 * and the Zobrist key kept as it goes, and nothing allocated per node.
 *
 * Moves are the rules core's codes (rules/moves.ts: from | to << 6 | capture << 12), so the
 * core's allocation-free generator writes them straight into the search's buffer. A side
 * with pieces but no legal move passes (rules/game.ts, `must-pass`): it gets PASS, its only
 * move, a code no real move has. A side with no pieces has no move at all: it has lost
 * (taking the last enemy piece is a win for the mover, and `make` says so).
 *
 * Undoing needs no stack: a step leaves its `from` empty and its `to` was empty, a capture's
 * `to` held an enemy piece; the code says which.
 */
import type { MoveEnd, SearchBoard } from '../../../engine/types.ts';
import { CAPTURE_BIT, MAX_MOVES, generateMoves } from '../rules/moves.ts';
import type { Position } from '../rules/position.ts';
import { EMPTY, LIGHT, SIDES, cellOf, type Side } from '../rules/types.ts';
import { evaluate } from './evaluation.ts';
import { DARK_TO_MOVE_HIGH, DARK_TO_MOVE_LOW, PIECE_KEY_HIGH, PIECE_KEY_LOW, positionKey } from './zobrist.ts';

/** The pass of a side that has pieces but no legal move: above every move code (the highest is 35 | 35 << 6 | CAPTURE_BIT). */
export const PASS = CAPTURE_BIT << 1;

export class SurakartaSearchBoard implements SearchBoard {
  readonly maxMoves = MAX_MOVES;
  readonly #board: Int8Array;
  /** The side to move's cell: LIGHT (1) or DARK (2). */
  #mover: number;
  /** Pieces in play by cell (index 1 Light, 2 Dark). */
  readonly #pieces = new Int32Array(3);
  #low: number;
  #high: number;

  constructor(pos: Position) {
    this.#board = pos.board.slice();
    this.#mover = cellOf(pos.turn);
    for (let p = 0; p < this.#board.length; p++) this.#pieces[this.#board[p]!]!++;
    const key = positionKey(this.#board, this.#mover !== LIGHT);
    this.#low = key.low;
    this.#high = key.high;
  }

  generate(out: Int32Array): number {
    if (this.#pieces[this.#mover] === 0) return 0;
    const n = generateMoves(this.#board, SIDES[this.#mover - 1]!, out);
    if (n > 0) return n;
    out[0] = PASS;
    return 1;
  }

  isNoisy(move: number): boolean {
    return (move & CAPTURE_BIT) !== 0;
  }

  make(move: number): MoveEnd {
    const mover = this.#mover;
    const enemy = 3 - mover;
    this.#mover = enemy;
    this.#low ^= DARK_TO_MOVE_LOW;
    this.#high ^= DARK_TO_MOVE_HIGH;
    if (move === PASS) return 'continues';
    const board = this.#board;
    const from = move & 63;
    const to = (move >> 6) & 63;
    const moverKey = mover - 1;
    this.#low ^= PIECE_KEY_LOW[2 * from + moverKey]! ^ PIECE_KEY_LOW[2 * to + moverKey]!;
    this.#high ^= PIECE_KEY_HIGH[2 * from + moverKey]! ^ PIECE_KEY_HIGH[2 * to + moverKey]!;
    board[to] = mover;
    board[from] = EMPTY;
    if ((move & CAPTURE_BIT) === 0) return 'continues';
    this.#low ^= PIECE_KEY_LOW[2 * to + enemy - 1]!;
    this.#high ^= PIECE_KEY_HIGH[2 * to + enemy - 1]!;
    return --this.#pieces[enemy]! === 0 ? 'mover-wins' : 'continues';
  }

  unmake(move: number): void {
    const enemy = this.#mover;
    const mover = 3 - enemy;
    this.#mover = mover;
    this.#low ^= DARK_TO_MOVE_LOW;
    this.#high ^= DARK_TO_MOVE_HIGH;
    if (move === PASS) return;
    const board = this.#board;
    const from = move & 63;
    const to = (move >> 6) & 63;
    const moverKey = mover - 1;
    this.#low ^= PIECE_KEY_LOW[2 * from + moverKey]! ^ PIECE_KEY_LOW[2 * to + moverKey]!;
    this.#high ^= PIECE_KEY_HIGH[2 * from + moverKey]! ^ PIECE_KEY_HIGH[2 * to + moverKey]!;
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
