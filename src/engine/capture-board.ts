/**
 * What the search boards of two-sided capture games (Breakthrough, Surakarta) share: a private
 * copy of the board that the search walks by making and unmaking moves in place, the piece
 * counts and the Zobrist key kept as it goes, and nothing allocated per node. Each game adds
 * its moves, its game ends and its evaluation (src/games/<game>/engine/search-board.ts).
 *
 * Cells: 0 empty, 1 and 2 the two sides' pieces (the first side moves first). Moves: the rules
 * cores' codes, `from | to << 6`, with CAPTURE_BIT set on a capture, which takes the enemy piece
 * on `to`. Undoing needs no stack: a step's `to` was empty, a capture's held an enemy piece.
 *
 * Keys (src/engine/zobrist.ts): key `2 * point + cell - 1` for a piece on a point, and key
 * `2 * points` when the second side is to move; key k's halves are words 2k (low) and 2k + 1.
 */
import { zobristKeys } from './zobrist.ts';

/** The capture flag of the games' move codes (their rules cores' CAPTURE_BIT). */
const CAPTURE_BIT = 1 << 12;

/** The keys of a board of `points` points, drawn from `seed`. */
export const captureBoardKeys = (points: number, seed: number): Int32Array => zobristKeys(2 * (2 * points + 1), seed);

export abstract class CaptureBoard {
  protected readonly board: Int8Array;
  /** The side to move's cell: 1 or 2. */
  protected mover: number;
  /** Pieces on the board by cell (index 1 and 2). */
  protected readonly pieces = new Int32Array(3);
  readonly #keys: Int32Array;
  /** The word of the low half of the second side's turn key. */
  readonly #turnKey: number;
  #low: number;
  #high: number;

  /** A board holding a copy of `cells`, `mover` (1 or 2) to move, keyed with `keys` (captureBoardKeys). */
  constructor(cells: Int8Array, mover: number, keys: Int32Array) {
    this.board = cells.slice();
    this.mover = mover;
    this.#keys = keys;
    this.#turnKey = 4 * cells.length;
    let low = mover === 2 ? keys[this.#turnKey]! : 0;
    let high = mover === 2 ? keys[this.#turnKey + 1]! : 0;
    for (let p = 0; p < cells.length; p++) {
      const cell = cells[p]!;
      this.pieces[cell]!++;
      if (cell === 0) continue;
      low ^= keys[4 * p + 2 * cell - 2]!;
      high ^= keys[4 * p + 2 * cell - 1]!;
    }
    this.#low = low;
    this.#high = high;
  }

  /** Plays `move` and hands the turn over; true when it took the enemy's last piece. */
  protected play(move: number): boolean {
    const board = this.board;
    const mover = this.mover;
    const enemy = 3 - mover;
    const from = move & 63;
    const to = (move >> 6) & 63;
    this.#toggle(from, to, mover);
    this.mover = enemy;
    board[to] = mover;
    board[from] = 0;
    if ((move & CAPTURE_BIT) === 0) return false;
    this.#low ^= this.#keys[4 * to + 2 * enemy - 2]!;
    this.#high ^= this.#keys[4 * to + 2 * enemy - 1]!;
    return --this.pieces[enemy]! === 0;
  }

  /** Takes back `move`, the last move played. */
  protected takeBack(move: number): void {
    const board = this.board;
    const enemy = this.mover;
    const mover = 3 - enemy;
    const from = move & 63;
    const to = (move >> 6) & 63;
    this.#toggle(from, to, mover);
    this.mover = mover;
    board[from] = mover;
    if ((move & CAPTURE_BIT) === 0) {
      board[to] = 0;
      return;
    }
    board[to] = enemy;
    this.pieces[enemy]!++;
    this.#low ^= this.#keys[4 * to + 2 * enemy - 2]!;
    this.#high ^= this.#keys[4 * to + 2 * enemy - 1]!;
  }

  /** Hands the turn over without a move (and back: a pass is its own undo). */
  protected pass(): void {
    this.mover = 3 - this.mover;
    this.#low ^= this.#keys[this.#turnKey]!;
    this.#high ^= this.#keys[this.#turnKey + 1]!;
  }

  /** The key change of `mover`'s piece going from `from` to `to` and the turn passing: its own inverse. */
  #toggle(from: number, to: number, mover: number): void {
    const keys = this.#keys;
    const turn = this.#turnKey;
    const a = 4 * from + 2 * mover - 2;
    const b = 4 * to + 2 * mover - 2;
    this.#low ^= keys[turn]! ^ keys[a]! ^ keys[b]!;
    this.#high ^= keys[turn + 1]! ^ keys[a + 1]! ^ keys[b + 1]!;
  }

  hashLow(): number {
    return this.#low;
  }

  hashHigh(): number {
    return this.#high;
  }
}
