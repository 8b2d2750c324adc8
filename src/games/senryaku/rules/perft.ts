/**
 * Perft, as RULES.md defines it: perft(pos, 0) = 1; perft(pos, 1) counts every legal move
 * (captures and crashing moves included); deeper, a move that ends the game (capture or
 * crash) contributes 0, and so does a position with no legal move.
 *
 * The search mutates one private copy of the board (make/unmake) and keeps the balance
 * sums incrementally, so it allocates nothing per node.
 */
import { Y2, type BalanceModel } from './balance.ts';
import { TARGET_COUNT, TARGET_WELLS, decodeMove, generateSideMoves, type Move } from './moves.ts';
import { formatMove } from './notation.ts';
import { DEFAULT_MODEL } from './play.ts';
import type { Position } from './position.ts';
import { BLACK_COLOURED, BLACK_PLAIN, EMPTY, WELLS, WHITE_COLOURED, WHITE_PLAIN, isColoured } from './types.ts';

const MAX_MOVES = WELLS * 5;

// The search reads these as this module's own constants: a binding imported from another
// module costs a load and a check each time optimised code reads it.
const NONE = EMPTY;
const WELL_COUNT = WELLS;
const W_PLAIN = WHITE_PLAIN;
const B_PLAIN = BLACK_PLAIN;
const W_COLOURED = WHITE_COLOURED;
const B_COLOURED = BLACK_COLOURED;
const TARGETS = TARGET_WELLS;
const TARGETS_OF = TARGET_COUNT;
const RANK2 = Y2;

/**
 * The board the search mutates, the opponent's reach and the last ply's moves, as module
 * constants like the C build's statics: optimised code then knows their type, address and
 * length, and drops the checks a typed array read from a field or a parameter costs. A
 * search runs synchronously to its end and never re-enters itself, so one set serves all.
 */
const BOARD = new Int8Array(new ArrayBuffer(WELLS)); // off the heap, so its address never moves
const REACH = new Int32Array(WELLS);
const LEAF_MOVES = new Int32Array(MAX_MOVES);

class PerftSearch {
  private readonly locks: Int32Array;
  private side: 0 | 1;
  private moment2: number;
  private mass: number;
  private readonly buffers: Int32Array[] = [];
  private readonly massByCell: Float64Array;
  private readonly gap2: number;
  private readonly boardMass: number;

  constructor(pos: Position, model: BalanceModel) {
    BOARD.set(pos.board);
    this.locks = Int32Array.from([pos.locked.white ?? -1, pos.locked.black ?? -1]);
    this.side = pos.turn === 'white' ? 0 : 1;
    const load = model.loadOf(pos.board);
    this.moment2 = load.moment2;
    this.mass = load.mass;
    this.massByCell = model.massByCell;
    this.gap2 = 2 * model.halfGap;
    this.boardMass = model.boardMass;
  }

  private stable(moment2: number, mass: number): boolean {
    const cap = this.gap2 * (this.boardMass + mass);
    return Math.abs(moment2) <= cap + 1e-9 * (cap + 1);
  }

  private buffer(depth: number): Int32Array {
    while (this.buffers.length <= depth) this.buffers.push(new Int32Array(MAX_MOVES));
    return this.buffers[depth]!;
  }

  /** Generates the root moves (in generation order). */
  rootMoves(): number[] {
    const buf = this.buffer(0);
    const n = generateSideMoves(BOARD, this.side, this.locks[this.side]!, buf);
    return Array.from(buf.subarray(0, n));
  }

  /** Plays a quiet (non-ending) move and returns an undo record, or undefined if the move ends the game. */
  private tryMake(code: number): number | undefined {
    const board = BOARD;
    const from = code & 63;
    const to = code >> 6;
    if (board[to] !== NONE) return undefined; // a capture ends the game
    const cell = board[from]!;
    const m = this.massByCell[cell]!;
    const lifted = this.moment2 - m * RANK2[from]!;
    if (!this.stable(lifted, this.mass - m)) return undefined;
    const placed = lifted + m * RANK2[to]!;
    if (!this.stable(placed, this.mass)) return undefined;
    const oldLock = this.locks[this.side]!;
    board[to] = cell;
    board[from] = NONE;
    this.locks[this.side] = isColoured(cell) ? -1 : to;
    this.side = this.side === 0 ? 1 : 0;
    this.moment2 = placed;
    return oldLock;
  }

  private unmake(code: number, oldLock: number, moment2: number): void {
    const from = code & 63;
    const to = code >> 6;
    this.side = this.side === 0 ? 1 : 0;
    const board = BOARD;
    board[from] = board[to]!;
    board[to] = NONE;
    this.locks[this.side] = oldLock;
    this.moment2 = moment2;
  }

  count(depth: number): number {
    if (depth === 0) return 1;
    if (depth === 2) return this.countTwo();
    const buf = this.buffer(depth);
    const n = generateSideMoves(BOARD, this.side, this.locks[this.side]!, buf);
    if (depth === 1) return n;
    let total = 0;
    for (let i = 0; i < n; i++) total += this.countAfter(buf[i]!, depth - 1);
    return total;
  }

  /**
   * perft(2) without playing the replies. A quiet move changes the opponent's move count
   * only at the two wells it touches: a plain sphere leaving \`from\` opens it to every
   * opponent sphere aiming at it, and arriving on \`to\` closes it to them. The coloured
   * sphere is a capture target before and a free well after, so it changes nothing.
   */
  private countTwo(): number {
    // Module constants read once into locals: optimised code checks a module binding (is it
    // initialised yet?) at each read, and the loops below read them per step.
    const board = BOARD;
    const reach = REACH;
    const buf = LEAF_MOVES;
    const targets = TARGETS;
    const targetsOf = TARGETS_OF;
    const rank2 = RANK2;
    const wells = WELL_COUNT;
    const none = NONE;
    const opp = this.side === 0 ? 1 : 0;
    const oppBase = opp * wells;
    const oppLock = this.locks[opp]!;
    const oppLo = opp === 0 ? W_PLAIN : B_PLAIN;
    const ownColoured = this.side === 0 ? W_COLOURED : B_COLOURED;
    // A loop, not reach.fill(0): fill is a call into the runtime, dearer than these stores.
    for (let w = 0; w < wells; w++) reach[w] = 0;
    let base = 0;
    for (let w = 0; w < wells; w++) {
      const cell = board[w]!;
      if ((cell !== oppLo && cell !== oppLo + 1) || w === oppLock) continue;
      const first = (oppBase + w) * 5;
      const last = first + targetsOf[oppBase + w]!;
      for (let i = first; i < last; i++) {
        const t = targets[i]!;
        reach[t] = reach[t]! + 1;
        const target = board[t]!;
        if (target === none || target === ownColoured) base++;
      }
    }
    const n = generateSideMoves(board, this.side, this.locks[this.side]!, buf);
    // Locals, not fields: V8 keeps a double field boxed, and this loop reads them per move.
    const moment2 = this.moment2;
    const mass = this.mass;
    const massByCell = this.massByCell;
    const gap2 = this.gap2;
    const fullCap = gap2 * (this.boardMass + mass);
    let total = 0;
    for (let i = 0; i < n; i++) {
      const code = buf[i]!;
      const from = code & 63;
      const to = code >> 6;
      if (board[to] !== none) continue; // capture: ends the game
      const cell = board[from]!;
      const m = massByCell[cell]!;
      const lifted = moment2 - m * rank2[from]!;
      const liftedCap = fullCap - gap2 * m;
      if (Math.abs(lifted) > liftedCap + 1e-9 * (liftedCap + 1)) continue;
      if (Math.abs(lifted + m * rank2[to]!) > fullCap + 1e-9 * (fullCap + 1)) continue;
      total += cell === ownColoured ? base : base + reach[from]! - reach[to]!;
    }
    return total;
  }

  /** perft of the position after one move, 0 if that move ends the game. */
  countAfter(code: number, depth: number): number {
    const moment2 = this.moment2;
    const oldLock = this.tryMake(code);
    if (oldLock === undefined) return 0;
    const sub = this.count(depth);
    this.unmake(code, oldLock, moment2);
    return sub;
  }
}

export function perft(pos: Position, depth: number, model: BalanceModel = DEFAULT_MODEL): number {
  return new PerftSearch(pos, model).count(depth);
}

export interface DivideLine {
  readonly move: Move;
  readonly notation: string;
  readonly count: number;
}

/** One line per legal root move with its share of perft(depth), sorted by notation. */
export function divide(pos: Position, depth: number, model: BalanceModel = DEFAULT_MODEL): DivideLine[] {
  if (depth < 1) return [];
  const search = new PerftSearch(pos, model);
  return search
    .rootMoves()
    .map((code) => {
      const move = decodeMove(pos.board, code);
      const count = depth === 1 ? 1 : search.countAfter(code, depth - 1);
      return { move, notation: formatMove(move), count };
    })
    .sort((a, b) => (a.notation < b.notation ? -1 : a.notation > b.notation ? 1 : 0));
}
