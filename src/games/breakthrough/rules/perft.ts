/**
 * Perft: perft(pos, 0) = 1, perft(pos, 1) = the number of legal moves; a position where the
 * game is over (a breakthrough, or a side without pieces or moves) has no moves. Makes and
 * unmakes moves on a private board, allocating nothing per node.
 */
import { MAX_MOVES, decodeMove, generateMoves, type Move } from './moves.ts';
import { formatMove } from './notation.ts';
import type { Position } from './position.ts';
import { EMPTY, FILES, SIDES, SQUARES, WHITE } from './types.ts';

class PerftSearch {
  private readonly board: Int8Array;
  private side: 0 | 1;
  private readonly buffers: Int32Array[] = [];

  constructor(pos: Position) {
    this.board = pos.board.slice();
    this.side = pos.turn === 'white' ? 0 : 1;
  }

  private buffer(depth: number): Int32Array {
    while (this.buffers.length <= depth) this.buffers.push(new Int32Array(MAX_MOVES));
    return this.buffers[depth]!;
  }

  /** The game is over when a piece stands on its goal rank (the side to move's turn never starts there). */
  private over(): boolean {
    const b = this.board;
    for (let s = 0; s < FILES; s++) if (b[s] !== EMPTY && b[s] !== WHITE) return true;
    for (let s = SQUARES - FILES; s < SQUARES; s++) if (b[s] === WHITE) return true;
    return false;
  }

  rootMoves(): number[] {
    if (this.over()) return [];
    const buf = this.buffer(0);
    return Array.from(buf.subarray(0, generateMoves(this.board, SIDES[this.side], buf)));
  }

  count(depth: number): number {
    if (depth === 0) return 1;
    if (this.over()) return 0;
    const buf = this.buffer(depth);
    const n = generateMoves(this.board, SIDES[this.side], buf);
    if (depth === 1) return n;
    let total = 0;
    for (let i = 0; i < n; i++) total += this.countAfter(buf[i]!, depth - 1);
    return total;
  }

  countAfter(code: number, depth: number): number {
    const board = this.board;
    const from = code & 63;
    const to = (code >> 6) & 63;
    const captured = board[to]!;
    board[to] = board[from]!;
    board[from] = EMPTY;
    this.side = this.side === 0 ? 1 : 0;
    const sub = this.count(depth);
    this.side = this.side === 0 ? 1 : 0;
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
      return { move, notation: formatMove(move), count: depth === 1 ? 1 : search.countAfter(code, depth - 1) };
    })
    .sort((a, b) => (a.notation < b.notation ? -1 : a.notation > b.notation ? 1 : 0));
}
