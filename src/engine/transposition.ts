/**
 * The transposition table: what the search learnt about a position (its best move, a score and
 * whether that score is exact or a bound, and how deep it looked), found again by the
 * position's key when another line reaches it. Typed arrays, one slot per index, so nothing is
 * allocated while searching; a slot is replaced when the new entry looked at least as deep or
 * belongs to another position.
 */

export const BOUNDS = ['exact', 'lower', 'upper'] as const;
export type Bound = (typeof BOUNDS)[number];
const BOUND_CODE: { readonly [B in Bound]: number } = { exact: 1, lower: 2, upper: 3 };

export class TranspositionTable {
  readonly #mask: number;
  /** The key's high half checks that a slot holds this position (the low half chose the slot). */
  readonly #check: Int32Array;
  readonly #move: Int32Array;
  readonly #score: Int32Array;
  /** depth << 2 | bound code; 0 is an empty slot. */
  readonly #depthBound: Int32Array;

  constructor(bits: number) {
    if (!Number.isInteger(bits) || bits < 4 || bits > 24) throw new RangeError(`table bits must be 4..24, got ${bits}`);
    const size = 1 << bits;
    this.#mask = size - 1;
    this.#check = new Int32Array(size);
    this.#move = new Int32Array(size);
    this.#score = new Int32Array(size);
    this.#depthBound = new Int32Array(size);
  }

  clear(): void {
    this.#depthBound.fill(0);
  }

  /** The slot holding this position, or -1. */
  probe(low: number, high: number): number {
    const i = low & this.#mask;
    return this.#depthBound[i] !== 0 && this.#check[i] === (high | 0) ? i : -1;
  }

  move(slot: number): number {
    return this.#move[slot]!;
  }
  score(slot: number): number {
    return this.#score[slot]!;
  }
  depth(slot: number): number {
    return this.#depthBound[slot]! >> 2;
  }
  bound(slot: number): Bound {
    const code = this.#depthBound[slot]! & 3;
    return code === 1 ? 'exact' : code === 2 ? 'lower' : 'upper';
  }

  store(low: number, high: number, depth: number, bound: Bound, score: number, move: number): void {
    const i = low & this.#mask;
    const old = this.#depthBound[i]!;
    if (old !== 0 && this.#check[i] === (high | 0) && old >> 2 > depth) return;
    this.#check[i] = high | 0;
    this.#move[i] = move;
    this.#score[i] = score;
    this.#depthBound[i] = (Math.max(0, depth) << 2) | BOUND_CODE[bound];
  }
}
