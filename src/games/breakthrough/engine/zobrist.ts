/**
 * Zobrist keys of Breakthrough positions: a random 64-bit key, kept as two 32-bit halves (JS
 * bit operations are 32-bit), for each (square, piece) and one for Black to move. A
 * position's key is the XOR of the keys of what it holds, so a move updates it with two or
 * three XORs. The keys are drawn at module load from the project's seeded generator
 * (src/util/rng.ts) with a fixed seed: the same on every run and machine, so a transposition
 * table, a test or a replay sees the same keys.
 */
import { Rng } from '../../../util/rng.ts';
import { SQUARES, WHITE } from '../rules/types.ts';

/** Any fixed seed will do; this one spells "BTHR". */
const keys = new Rng(0x42544852);
const next = (): number => keys.uint32() | 0;

/** The keys of a piece (WHITE 1, BLACK 2) on a square: index `2 * square + piece - 1`. */
export const PIECE_KEY_LOW = new Int32Array(2 * SQUARES);
export const PIECE_KEY_HIGH = new Int32Array(2 * SQUARES);
for (let i = 0; i < 2 * SQUARES; i++) {
  PIECE_KEY_LOW[i] = next();
  PIECE_KEY_HIGH[i] = next();
}
/** XORed in when Black is to move. */
export const BLACK_TO_MOVE_LOW = next();
export const BLACK_TO_MOVE_HIGH = next();

/** A position's key computed from nothing: where the search board starts, and what its incremental key must always equal. */
export function positionKey(board: ArrayLike<number>, blackToMove: boolean): { readonly low: number; readonly high: number } {
  let low = blackToMove ? BLACK_TO_MOVE_LOW : 0;
  let high = blackToMove ? BLACK_TO_MOVE_HIGH : 0;
  for (let p = 0; p < SQUARES; p++) {
    const cell = board[p]!;
    if (cell === 0) continue;
    const i = 2 * p + cell - WHITE;
    low ^= PIECE_KEY_LOW[i]!;
    high ^= PIECE_KEY_HIGH[i]!;
  }
  return { low, high };
}
