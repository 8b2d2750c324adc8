/**
 * The transposition table: what the search learnt about a position (its best move, a score and
 * whether that score is exact or a bound, and how deep it looked), found again by the
 * position's key when another line reaches it. Typed arrays, one slot per index, so nothing is
 * allocated while searching; a slot is replaced when the new entry looked at least as deep or
 * belongs to another position.
 */

export const BOUNDS = ['exact', 'lower', 'upper'] as const;
export type Bound = (typeof BOUNDS)[number];

/** Int32s per slot, side by side so that a probe and the reads after it touch one cache line (not four arrays' four). */
const STRIDE = 4;
const CHECK = 0;
const MOVE = 1;
const SCORE = 2;
/** depth << 2 | bound code (1 exact, 2 lower, 3 upper); 0 is an empty slot. */
const DEPTH_BOUND = 3;

export class TranspositionTable {
  readonly #mask: number;
  /**
   * STRIDE words a slot: the key's high half (it checks that the slot holds this position: the
   * low half chose the slot), the move, the score, and depth and bound.
   */
  readonly #slots: Int32Array;

  constructor(bits: number) {
    if (!Number.isInteger(bits) || bits < 4 || bits > 24) throw new RangeError(`table bits must be 4..24, got ${bits}`);
    const size = 1 << bits;
    this.#mask = size - 1;
    this.#slots = new Int32Array(STRIDE * size);
  }

  clear(): void {
    const slots = this.#slots;
    for (let i = DEPTH_BOUND; i < slots.length; i += STRIDE) slots[i] = 0;
  }

  /** The slot holding this position (an index into the table's words), or -1. */
  probe(low: number, high: number): number {
    const i = (low & this.#mask) * STRIDE;
    const slots = this.#slots;
    return slots[i + DEPTH_BOUND] !== 0 && slots[i + CHECK] === (high | 0) ? i : -1;
  }

  move(slot: number): number {
    return this.#slots[slot + MOVE]!;
  }
  score(slot: number): number {
    return this.#slots[slot + SCORE]!;
  }
  depth(slot: number): number {
    return this.#slots[slot + DEPTH_BOUND]! >> 2;
  }
  bound(slot: number): Bound {
    const code = this.#slots[slot + DEPTH_BOUND]! & 3;
    return code === 1 ? 'exact' : code === 2 ? 'lower' : 'upper';
  }

  store(low: number, high: number, depth: number, bound: Bound, score: number, move: number): void {
    const i = (low & this.#mask) * STRIDE;
    const slots = this.#slots;
    const old = slots[i + DEPTH_BOUND]!;
    if (old !== 0 && slots[i + CHECK] === (high | 0) && old >> 2 > depth) return;
    slots[i + CHECK] = high | 0;
    slots[i + MOVE] = move;
    slots[i + SCORE] = score;
    slots[i + DEPTH_BOUND] = (Math.max(0, depth) << 2) | (bound === 'exact' ? 1 : bound === 'lower' ? 2 : 3);
  }
}
