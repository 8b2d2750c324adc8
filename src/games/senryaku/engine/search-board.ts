/**
 * Senryaku's SearchBoard: one private board that the search makes and unmakes moves on in
 * place. The balance sums (Σm·y2, Σm), the locks and the Zobrist key are kept incrementally,
 * and what a move changes is pushed on preallocated stacks, so a node allocates nothing.
 *
 * A move is the rules core's code (`from | to << 6`, rules/moves.ts) with CAPTURE_BIT set for a
 * capture, so that a move read back from a transposition table says what it is without the
 * board. `make` judges a move as rules/play.ts `moveOutcome` does: each state of its physical
 * sequence (a step: lift, place; a capture: lift the captured, lift the capturer, place it)
 * must stand, the first that does not crashes the board and the mover loses; a capture that
 * stands wins.
 */
import type { MoveEnd, SearchBoard } from '../../../engine/types.ts';
import { zobristKeys } from '../../../engine/zobrist.ts';
import { Y2 as RULES_Y2, type BalanceModel } from '../rules/balance.ts';
import { generateMoves } from '../rules/moves.ts';
import type { Position } from '../rules/position.ts';
import {
  BLACK_COLOURED as RULES_BLACK_COLOURED,
  COLORS as RULES_COLORS,
  EMPTY as RULES_EMPTY,
  WELLS,
  WHITE_COLOURED as RULES_WHITE_COLOURED,
} from '../rules/types.ts';
import { SenryakuEvaluator } from './evaluate.ts';

// Read in make and unmake at every node: this module's own constants, not imported bindings
// (each read of an imported binding costs a load and a check in optimised code).
const Y2 = RULES_Y2;
const BLACK_COLOURED = RULES_BLACK_COLOURED;
const WHITE_COLOURED = RULES_WHITE_COLOURED;
const COLORS = RULES_COLORS;
const EMPTY = RULES_EMPTY;
const isColoured = (cell: number): boolean => cell === WHITE_COLOURED || cell === BLACK_COLOURED;

/**
 * Zobrist keys (src/engine/zobrist.ts), their halves in blocks: the low halves of the (well,
 * cell code 1..4) keys at well * CELL_CODES + cell, then their high halves; Black to move's;
 * the low halves of the (side, locked well) keys at side * WELLS + well, then their high halves.
 */
const CELL_CODES = 5;
const PIECE_KEYS = WELLS * CELL_CODES;
const LOCK_KEYS = 2 * WELLS;
/** The keys' seed, fixed forever: the same keys, so the same searches, on every run. */
const WORDS = zobristKeys(2 * PIECE_KEYS + 2 + 2 * LOCK_KEYS, 0x5e4a7a0c);
const PIECE_LO = WORDS.subarray(0, PIECE_KEYS);
const PIECE_HI = WORDS.subarray(PIECE_KEYS, 2 * PIECE_KEYS);
const TURN_LO = WORDS[2 * PIECE_KEYS]!;
const TURN_HI = WORDS[2 * PIECE_KEYS + 1]!;
const LOCK_LO = WORDS.subarray(2 * PIECE_KEYS + 2, 2 * PIECE_KEYS + 2 + LOCK_KEYS);
const LOCK_HI = WORDS.subarray(2 * PIECE_KEYS + 2 + LOCK_KEYS);
const pieceKey = (well: number, cell: number): number => well * CELL_CODES + cell;

/** The key of a position computed from scratch: the incremental one must always equal it. */
export function hashOf(pos: Position): { readonly lo: number; readonly hi: number } {
  let lo = pos.turn === 'black' ? TURN_LO : 0;
  let hi = pos.turn === 'black' ? TURN_HI : 0;
  for (let w = 0; w < WELLS; w++) {
    const cell = pos.board[w] ?? EMPTY;
    if (cell === EMPTY) continue;
    lo ^= PIECE_LO[pieceKey(w, cell)]!;
    hi ^= PIECE_HI[pieceKey(w, cell)]!;
  }
  const locks = [pos.locked.white, pos.locked.black];
  for (let side = 0; side < 2; side++) {
    const well = locks[side];
    if (well === undefined) continue;
    lo ^= LOCK_LO[side * WELLS + well]!;
    hi ^= LOCK_HI[side * WELLS + well]!;
  }
  return { lo, hi };
}

/** Set on a move code whose destination holds the enemy coloured sphere. */
export const CAPTURE_BIT = 1 << 12;
const SQUARE_MASK = 63;

/** Every sphere of a side (7) in at most 5 directions: more than any position has. */
const MAX_MOVES = 7 * 5;
/** Plies of undo records made at first; the stacks double when a search goes deeper. */
const FIRST_STACK = 128;
const NO_LOCK = -1;
/** Relative slack on the stability test, as the rules core's BalanceModel has it. */
const TOLERANCE = 1e-9;

export class SenryakuSearchBoard implements SearchBoard {
  readonly maxMoves = MAX_MOVES;
  private readonly board: Int8Array;
  /** Locked well per side (0 White, 1 Black), NO_LOCK when none. */
  private readonly locks: Int32Array;
  /** Each side's coloured sphere's well (a captured one keeps its last well: the search stops there). */
  private readonly kings: Int32Array;
  private side: 0 | 1;
  private moment2: number;
  private mass: number;
  private lo: number;
  private hi: number;
  private readonly massByCell: Float64Array;
  private readonly gap2: number;
  private readonly boardMass: number;
  private readonly evaluator: SenryakuEvaluator;
  // Undo records, one per ply made: what make overwrote and cannot recompute exactly.
  private ply = 0;
  private undoLock: Int32Array = new Int32Array(FIRST_STACK);
  private undoSums: Float64Array = new Float64Array(2 * FIRST_STACK);
  private undoHash: Int32Array = new Int32Array(2 * FIRST_STACK);

  constructor(pos: Position, model: BalanceModel) {
    this.board = pos.board.slice();
    this.locks = Int32Array.from([pos.locked.white ?? NO_LOCK, pos.locked.black ?? NO_LOCK]);
    this.side = pos.turn === 'white' ? 0 : 1;
    this.kings = Int32Array.from([pos.board.indexOf(WHITE_COLOURED), pos.board.indexOf(BLACK_COLOURED)]);
    const load = model.loadOf(pos.board);
    this.moment2 = load.moment2;
    this.mass = load.mass;
    const key = hashOf(pos);
    this.lo = key.lo;
    this.hi = key.hi;
    this.massByCell = model.massByCell;
    this.gap2 = 2 * model.halfGap;
    this.boardMass = model.boardMass;
    this.evaluator = new SenryakuEvaluator(model);
  }

  generate(out: Int32Array): number {
    const board = this.board;
    const n = generateMoves(board, COLORS[this.side], this.locks[this.side]!, out);
    for (let i = 0; i < n; i++) {
      const code = out[i]!;
      if (board[code >> 6] !== EMPTY) out[i] = code | CAPTURE_BIT;
    }
    return n;
  }

  isNoisy(move: number): boolean {
    return (move & CAPTURE_BIT) !== 0;
  }

  private stands(moment2: number, mass: number): boolean {
    const cap = this.gap2 * (this.boardMass + mass);
    return Math.abs(moment2) <= cap + TOLERANCE * (cap + 1);
  }

  make(move: number): MoveEnd {
    const board = this.board;
    const from = move & SQUARE_MASK;
    const to = (move >> 6) & SQUARE_MASK;
    const side = this.side;
    const cell = board[from]!;
    const target = board[to]!;
    const m = this.massByCell[cell]!;
    this.push();

    let end: MoveEnd;
    let moment2 = this.moment2;
    let mass = this.mass;
    let lo = this.lo ^ PIECE_LO[pieceKey(from, cell)]! ^ PIECE_LO[pieceKey(to, cell)]! ^ TURN_LO;
    let hi = this.hi ^ PIECE_HI[pieceKey(from, cell)]! ^ PIECE_HI[pieceKey(to, cell)]! ^ TURN_HI;
    if (target === EMPTY) {
      moment2 -= m * Y2[from]!;
      const liftStands = this.stands(moment2, mass - m);
      moment2 += m * Y2[to]!;
      end = liftStands && this.stands(moment2, mass) ? 'continues' : 'mover-loses';
    } else {
      const c = this.massByCell[target]!;
      moment2 -= c * Y2[to]!;
      mass -= c;
      let stands = this.stands(moment2, mass);
      moment2 -= m * Y2[from]!;
      stands = stands && this.stands(moment2, mass - m);
      moment2 += m * Y2[to]!;
      end = stands && this.stands(moment2, mass) ? 'mover-wins' : 'mover-loses';
      lo ^= PIECE_LO[pieceKey(to, target)]!;
      hi ^= PIECE_HI[pieceKey(to, target)]!;
    }

    // Moving a plain sphere locks it; moving the coloured sphere frees any lock.
    const oldLock = this.locks[side]!;
    const coloured = isColoured(cell);
    const newLock = coloured ? NO_LOCK : to;
    if (coloured) this.kings[side] = to;
    if (oldLock !== NO_LOCK) {
      lo ^= LOCK_LO[side * WELLS + oldLock]!;
      hi ^= LOCK_HI[side * WELLS + oldLock]!;
    }
    if (newLock !== NO_LOCK) {
      lo ^= LOCK_LO[side * WELLS + newLock]!;
      hi ^= LOCK_HI[side * WELLS + newLock]!;
    }
    this.locks[side] = newLock;
    board[to] = cell;
    board[from] = EMPTY;
    this.side = side === 0 ? 1 : 0;
    this.moment2 = moment2;
    this.mass = mass;
    this.lo = lo;
    this.hi = hi;
    return end;
  }

  unmake(move: number): void {
    const from = move & SQUARE_MASK;
    const to = (move >> 6) & SQUARE_MASK;
    const board = this.board;
    const side = this.side === 0 ? 1 : 0;
    this.side = side;
    const cell = board[to]!;
    board[from] = cell;
    if (isColoured(cell)) this.kings[side] = from;
    // Only the enemy coloured sphere can be captured: its code is the other side's coloured cell.
    board[to] = (move & CAPTURE_BIT) === 0 ? EMPTY : side === 0 ? BLACK_COLOURED : WHITE_COLOURED;
    const p = --this.ply;
    this.locks[side] = this.undoLock[p]!;
    this.moment2 = this.undoSums[2 * p]!;
    this.mass = this.undoSums[2 * p + 1]!;
    this.lo = this.undoHash[2 * p]!;
    this.hi = this.undoHash[2 * p + 1]!;
  }

  /** Records what the coming make overwrites; grows the stacks (rarely, never per node) when the search goes deeper. */
  private push(): void {
    const p = this.ply;
    if (p === this.undoLock.length) this.grow();
    this.undoLock[p] = this.locks[this.side]!;
    this.undoSums[2 * p] = this.moment2;
    this.undoSums[2 * p + 1] = this.mass;
    this.undoHash[2 * p] = this.lo;
    this.undoHash[2 * p + 1] = this.hi;
    this.ply = p + 1;
  }

  private grow(): void {
    const size = 2 * this.undoLock.length;
    const grown = <T extends Int32Array | Float64Array>(old: T, make: (n: number) => T, n: number): T => {
      const a = make(n);
      a.set(old);
      return a;
    };
    this.undoLock = grown(this.undoLock, (n) => new Int32Array(n), size);
    this.undoSums = grown(this.undoSums, (n) => new Float64Array(n), 2 * size);
    this.undoHash = grown(this.undoHash, (n) => new Int32Array(n), 2 * size);
  }

  evaluate(): number {
    return this.evaluator.evaluate(this.board, this.side, this.locks, this.kings, this.moment2, this.mass);
  }

  hashLow(): number {
    return this.lo;
  }

  hashHigh(): number {
    return this.hi;
  }

  turn(): string {
    return COLORS[this.side];
  }

  /** The position on the board now, as the rules core writes it (a copy). */
  position(): Position {
    const lock = (l: number) => (l === NO_LOCK ? undefined : l);
    return { board: this.board.slice(), turn: COLORS[this.side], locked: { white: lock(this.locks[0]!), black: lock(this.locks[1]!) } };
  }

  /** Σm·y2 and Σm as kept incrementally (the rules core's BalanceModel.loadOf must agree). */
  load(): { readonly moment2: number; readonly mass: number } {
    return { moment2: this.moment2, mass: this.mass };
  }
}
