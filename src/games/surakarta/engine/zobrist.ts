/**
 * Zobrist keys of Surakarta positions: a random 64-bit key, kept as two 32-bit halves (JS
 * bit operations are 32-bit), for each (point, piece) and one for Dark to move. A
 * position's key is the XOR of the keys of what it holds, so a move updates it with two or
 * three XORs. The keys come from a fixed seed at module load: the same on every run and
 * machine, so a transposition table, a test or a replay sees the same keys.
 */
import { LIGHT, POINTS } from '../rules/index.ts';

/** splitmix32: a small generator whose outputs are well mixed, enough for hash keys. */
function keyStream(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + 0x9e3779b9) | 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return z ^ (z >>> 16);
  };
}

/** Any fixed number will do; this one spells "SRKT". */
const SEED = 0x53524b54;
const next = keyStream(SEED);

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
