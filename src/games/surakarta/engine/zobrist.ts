/**
 * Zobrist keys of Surakarta positions: a random 64-bit key, kept as two 32-bit halves (JS
 * bit operations are 32-bit), for each (point, piece) and one for Dark to move. A
 * position's key is the XOR of the keys of what it holds, so a move updates it with two or
 * three XORs. The keys are drawn at module load from the project's seeded generator
 * (src/util/rng.ts) with a fixed seed: the same on every run and machine, so a transposition
 * table, a test or a replay sees the same keys.
 */
import { Rng } from '../../../util/rng.ts';
import { LIGHT, POINTS } from '../rules/index.ts';

/** Any fixed seed will do; this one spells "SRKT". */
const keys = new Rng(0x53524b54);
const next = (): number => keys.uint32() | 0;

/** The keys of a piece (LIGHT 1, DARK 2) on a point: index `2 * point + piece - 1`. */
export const PIECE_KEY_LOW = new Int32Array(2 * POINTS);
export const PIECE_KEY_HIGH = new Int32Array(2 * POINTS);
for (let i = 0; i < 2 * POINTS; i++) {
  PIECE_KEY_LOW[i] = next();
  PIECE_KEY_HIGH[i] = next();
}
/** XORed in when Dark is to move. */
export const DARK_TO_MOVE_LOW = next();
export const DARK_TO_MOVE_HIGH = next();

/** A position's key computed from nothing: where the search board starts, and what its incremental key must always equal. */
export function positionKey(board: ArrayLike<number>, darkToMove: boolean): { readonly low: number; readonly high: number } {
  let low = darkToMove ? DARK_TO_MOVE_LOW : 0;
  let high = darkToMove ? DARK_TO_MOVE_HIGH : 0;
  for (let p = 0; p < POINTS; p++) {
    const cell = board[p]!;
    if (cell === 0) continue;
    const i = 2 * p + cell - LIGHT;
    low ^= PIECE_KEY_LOW[i]!;
    high ^= PIECE_KEY_HIGH[i]!;
  }
  return { low, high };
}
