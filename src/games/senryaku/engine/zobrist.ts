/**
 * Zobrist keys of Senryaku positions, as two 32-bit halves (a 64-bit key without BigInt):
 * one pair per (well, cell code), one for Black to move, one per (side, locked well). The
 * keys come from a fixed seed at module load, so a key is the same on every machine and in
 * every run (a transposition table, a test, a replay can rely on it).
 */
import { Rng } from '../../../util/rng.ts';
import type { Position } from '../rules/position.ts';
import { EMPTY, WELLS } from '../rules/types.ts';

/** Cell codes 0..4 (0 empty, never keyed): a (well, cell) key sits at well * CELL_CODES + cell. */
const CELL_CODES = 5;

/** The keys' generator, from a seed fixed forever: the same keys, so the same searches, on every run. */
const stream = new Rng(0x5e4a7a0c);
const next = (): number => stream.uint32() | 0;
const keys = (n: number): Int32Array => Int32Array.from({ length: n }, next);

/** (well, cell) keys, low and high halves; cell 0's entries are never used. */
export const PIECE_LO = keys(WELLS * CELL_CODES);
export const PIECE_HI = keys(WELLS * CELL_CODES);
/** Black to move. */
export const TURN_LO = next();
export const TURN_HI = next();
/** A side's locked well: side * WELLS + well (side 0 White, 1 Black). */
export const LOCK_LO = keys(2 * WELLS);
export const LOCK_HI = keys(2 * WELLS);

export const pieceKey = (well: number, cell: number): number => well * CELL_CODES + cell;

/** The key of a position computed from scratch: the incremental one must always equal it. */
export function hashOf(pos: Position): { readonly lo: number; readonly hi: number } {
  let lo = 0;
  let hi = 0;
  for (let w = 0; w < WELLS; w++) {
    const cell = pos.board[w] ?? EMPTY;
    if (cell === EMPTY) continue;
    lo ^= PIECE_LO[pieceKey(w, cell)]!;
    hi ^= PIECE_HI[pieceKey(w, cell)]!;
  }
  if (pos.turn === 'black') {
    lo ^= TURN_LO;
    hi ^= TURN_HI;
  }
  if (pos.locked.white !== undefined) {
    lo ^= LOCK_LO[pos.locked.white]!;
    hi ^= LOCK_HI[pos.locked.white]!;
  }
  if (pos.locked.black !== undefined) {
    lo ^= LOCK_LO[WELLS + pos.locked.black]!;
    hi ^= LOCK_HI[WELLS + pos.locked.black]!;
  }
  return { lo, hi };
}
