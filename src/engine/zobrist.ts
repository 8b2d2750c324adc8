/**
 * Zobrist keys for the games' search boards: a random 64-bit key per thing a position can hold
 * (a piece on a point, the side to move, a lock...), kept as two 32-bit halves because JS bit
 * operations are 32-bit. A position's key is the XOR of the keys of what it holds, so a move
 * updates it with a few XORs. The keys come from the project's seeded generator
 * (src/util/rng.ts) with a seed each game fixes forever: the same keys on every run and machine,
 * so a transposition table, a test or a replay sees the same keys.
 */
import { Rng } from '../util/rng.ts';

/**
 * `count` random 32-bit words from `seed`, in the order drawn: the halves of the game's keys,
 * laid out as the game says (which word pairs with which is part of the keys: changing it would
 * change every key, and with them the searches that a table's collisions steer).
 */
export function zobristKeys(count: number, seed: number): Int32Array {
  const rng = new Rng(seed);
  const words = new Int32Array(count);
  for (let i = 0; i < count; i++) words[i] = rng.uint32() | 0;
  return words;
}
