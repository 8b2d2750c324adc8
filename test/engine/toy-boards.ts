/**
 * Two small games as SearchBoards, whose perfect play is known, to test the search apart from
 * any real game: Nim with one heap (take 1 to 3, taking the last wins: a heap that is a
 * multiple of 4 is lost for the side to move) and tic-tac-toe (a draw with best play).
 */
import type { EngineGame, MoveEnd, SearchBoard } from '../../src/engine/types.ts';
import { err, ok } from '../../src/util/result.ts';

export class NimBoard implements SearchBoard {
  readonly maxMoves = 3;
  side = 0;
  constructor(public heap: number) {}
  generate(out: Int32Array): number {
    let n = 0;
    for (let take = 1; take <= 3 && take <= this.heap; take++) out[n++] = take;
    return n;
  }
  isNoisy(): boolean {
    return false;
  }
  make(move: number): MoveEnd {
    this.heap -= move;
    this.side ^= 1;
    return this.heap === 0 ? 'mover-wins' : 'continues';
  }
  unmake(move: number): void {
    this.heap += move;
    this.side ^= 1;
  }
  evaluate(): number {
    return 0;
  }
  hashLow(): number {
    return this.heap * 2 + this.side;
  }
  hashHigh(): number {
    return 0x5a5a + this.heap;
  }
  turn(): string {
    return this.side === 0 ? 'first' : 'second';
  }
}

const LINES = [
  [0, 1, 2],
  [3, 4, 5],
  [6, 7, 8],
  [0, 3, 6],
  [1, 4, 7],
  [2, 5, 8],
  [0, 4, 8],
  [2, 4, 6],
] as const;

/** Tic-tac-toe: cells 0..8, X (1) moves first; a full board without a line is a draw. */
export class TicTacToeBoard implements SearchBoard {
  readonly maxMoves = 9;
  readonly cells = new Int8Array(9);
  side = 1;
  filled = 0;
  constructor(cells = '.........') {
    for (let i = 0; i < 9; i++) this.cells[i] = cells[i] === 'X' ? 1 : cells[i] === 'O' ? 2 : 0;
    this.filled = this.cells.filter((c) => c !== 0).length;
    this.side = this.filled % 2 === 0 ? 1 : 2;
  }
  generate(out: Int32Array): number {
    let n = 0;
    for (let i = 0; i < 9; i++) if (this.cells[i] === 0) out[n++] = i;
    return n;
  }
  isNoisy(): boolean {
    return false;
  }
  make(move: number): MoveEnd {
    this.cells[move] = this.side;
    this.filled++;
    const won = LINES.some((line) => line.every((c) => this.cells[c] === this.side));
    this.side = 3 - this.side;
    return won ? 'mover-wins' : this.filled === 9 ? 'draw' : 'continues';
  }
  unmake(move: number): void {
    this.cells[move] = 0;
    this.filled--;
    this.side = 3 - this.side;
  }
  evaluate(): number {
    return 0;
  }
  hashLow(): number {
    let h = this.side;
    for (let i = 0; i < 9; i++) h = h * 3 + this.cells[i]!;
    return h;
  }
  hashHigh(): number {
    return this.hashLow() ^ 0x1234567;
  }
  turn(): string {
    return this.side === 1 ? 'X' : 'O';
  }
}

/** An EngineGame over a board made by `make`, moves written as their number. */
export function toyGame(make: (position: string) => SearchBoard, position: (board: SearchBoard) => string = () => '?'): EngineGame {
  return {
    position,
    id: 'toy',
    startPosition: '',
    load: (position) => ok(make(position)),
    formatMove: (_board, move) => String(move),
    parseMove: (board, text) => {
      const out = new Int32Array(board.maxMoves);
      const n = board.generate(out);
      const move = Number(text);
      return Array.from(out.subarray(0, n)).includes(move) ? ok(move) : err({ code: 'IllegalMove', message: `${text} is not legal` });
    },
  };
}

/**
 * A game on a small directed graph, for repetitions: a move goes to a neighbour node, the sides
 * alternate, and a node's value (from the first side's view) is the evaluation. The position is
 * the node and the side to move, so going round a cycle repeats it.
 */
export class GraphBoard implements SearchBoard {
  readonly maxMoves: number;
  side = 0;
  private readonly path: number[] = [];
  constructor(
    private readonly edges: readonly (readonly number[])[],
    private readonly values: readonly number[],
    public node = 0,
  ) {
    this.maxMoves = Math.max(...edges.map((e) => e.length));
  }
  generate(out: Int32Array): number {
    const next = this.edges[this.node]!;
    next.forEach((to, i) => (out[i] = to));
    return next.length;
  }
  isNoisy(): boolean {
    return false;
  }
  make(move: number): MoveEnd {
    this.path.push(this.node);
    this.node = move;
    this.side ^= 1;
    return 'continues';
  }
  unmake(): void {
    this.node = this.path.pop()!;
    this.side ^= 1;
  }
  evaluate(): number {
    return this.side === 0 ? this.values[this.node]! : -this.values[this.node]!;
  }
  hashLow(): number {
    return this.node * 2 + this.side;
  }
  hashHigh(): number {
    return 0x77 + this.node;
  }
  turn(): string {
    return this.side === 0 ? 'first' : 'second';
  }
}
