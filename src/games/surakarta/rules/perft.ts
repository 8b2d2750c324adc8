/**
 * Perft (RULES.md: as for Senryaku, moves counted once per (from, to) pair): perft(pos, 0)
 * = 1, perft(pos, 1) = the number of legal moves; deeper, a position with no legal move
 * contributes 0 (a pass is not a move), and so does the capture of a side's last piece,
 * since the side left without pieces has no move. The search makes and unmakes moves on
 * a private board and counts the last ply without playing it, so it allocates nothing per node.
 */
import { MAX_MOVES, decodeMove, generateCellMoves, type Move } from './moves.ts';
import { formatMove } from './notation.ts';
import type { Position } from './position.ts';
import { DARK, EMPTY, LIGHT, POINTS } from './types.ts';

/**
 * The board the search mutates and the last ply's moves, as module constants like the C
 * build's statics: optimised code then knows their type, address and length, and drops the
 * checks a typed array read from a field or a parameter costs. A search runs synchronously
 * to its end and never re-enters itself, so one board serves all.
 */
const BOARD = new Int8Array(new ArrayBuffer(POINTS)); // off the heap, so its address never moves
const LEAF_MOVES = new Int32Array(MAX_MOVES);

class PerftSearch {
  /** The side to move's cell: LIGHT or DARK. */
  private mover: number;
  private readonly buffers: Int32Array[] = [];

  constructor(pos: Position) {
    BOARD.set(pos.board);
    this.mover = pos.turn === 'light' ? LIGHT : DARK;
  }

  private buffer(depth: number): Int32Array {
    while (this.buffers.length <= depth) this.buffers.push(new Int32Array(MAX_MOVES));
    return this.buffers[depth]!;
  }

  /** The root moves, in generation order. */
  rootMoves(): number[] {
    const buf = this.buffer(0);
    const n = generateCellMoves(BOARD, this.mover, buf);
    return Array.from(buf.subarray(0, n));
  }

  count(depth: number): number {
    if (depth === 0) return 1;
    if (depth === 1) return generateCellMoves(BOARD, this.mover, LEAF_MOVES);
    const buf = this.buffer(depth);
    const n = generateCellMoves(BOARD, this.mover, buf);
    if (depth === 2) return this.countTwo(buf, n);
    let total = 0;
    for (let i = 0; i < n; i++) total += this.countAfter(buf[i]!, depth - 1);
    return total;
  }

  /**
   * perft(2) given the n moves in buf: each played, the replies counted, and taken back.
   * A function of its own with the generator as its only call, so that optimised code
   * inlines the generator here and sees the board and the move list as constants.
   */
  private countTwo(buf: Int32Array, n: number): number {
    const board = BOARD;
    const leaves = LEAF_MOVES;
    const none = EMPTY;
    const mover = this.mover;
    const other = LIGHT + DARK - mover;
    let total = 0;
    for (let i = 0; i < n; i++) {
      const code = buf[i]!;
      const from = code & 63;
      const to = (code >> 6) & 63;
      const captured = board[to]!;
      board[to] = board[from]!;
      board[from] = none;
      total += generateCellMoves(board, other, leaves);
      board[from] = board[to]!;
      board[to] = captured;
    }
    return total;
  }

  /** perft of the position after one move. */
  countAfter(code: number, depth: number): number {
    const board = BOARD;
    const from = code & 63;
    const to = (code >> 6) & 63;
    const captured = board[to]!;
    board[to] = board[from]!;
    board[from] = EMPTY;
    this.mover = LIGHT + DARK - this.mover;
    const sub = this.count(depth);
    this.mover = LIGHT + DARK - this.mover;
    board[from] = board[to]!;
    board[to] = captured;
    return sub;
  }
}

export function perft(pos: Position, depth: number): number {
  return new PerftSearch(pos).count(depth);
}

export interface DivideLine {
  readonly move: Move;
  readonly notation: string;
  readonly count: number;
}

/** One line per legal root move with its share of perft(depth), sorted by notation. */
export function divide(pos: Position, depth: number): DivideLine[] {
  if (depth < 1) return [];
  const search = new PerftSearch(pos);
  return search
    .rootMoves()
    .map((code) => {
      const move = decodeMove(code);
      const count = depth === 1 ? 1 : search.countAfter(code, depth - 1);
      return { move, notation: formatMove(move), count };
    })
    .sort((a, b) => (a.notation < b.notation ? -1 : a.notation > b.notation ? 1 : 0));
}
