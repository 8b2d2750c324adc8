/** Test helpers for Breakthrough's engine: positions from text, a search board at a position, perft through it, seeded playouts. */
import type { SearchBoard } from '../../../../src/engine/types.ts';
import { BREAKTHROUGH_ENGINE } from '../../../../src/games/breakthrough/engine/engine-game.ts';
import { BreakthroughSearchBoard } from '../../../../src/games/breakthrough/engine/search-board.ts';
import {
  formatPosition,
  gameStatus,
  legalMoves,
  parsePosition,
  positionAfter,
  startPosition,
  type Position,
} from '../../../../src/games/breakthrough/rules/index.ts';
import { Rng } from '../../../../src/util/rng.ts';

export function pos(text: string): Position {
  const p = parsePosition(text);
  if (!p.ok) throw new Error(`test position invalid: ${p.error.message}`);
  return p.value;
}

export function boardAt(p: Position, moves: readonly string[] = []): BreakthroughSearchBoard {
  const loaded = BREAKTHROUGH_ENGINE.load(formatPosition(p), moves);
  if (!loaded.ok) throw new Error(`test position refused: ${loaded.error.message}`);
  if (!(loaded.value instanceof BreakthroughSearchBoard)) throw new Error('load made another kind of board');
  return loaded.value;
}

/** Perft through the search board, counted as the rules core counts it: a move that ends the game leaves nothing to count deeper. */
export function searchPerft(board: SearchBoard, depth: number): number {
  if (depth === 0) return 1;
  const moves = new Int32Array(board.maxMoves);
  const n = board.generate(moves);
  if (depth === 1) return n;
  let total = 0;
  for (let i = 0; i < n; i++) {
    if (board.make(moves[i]!) === 'continues') total += searchPerft(board, depth - 1);
    board.unmake(moves[i]!);
  }
  return total;
}

export function movesOf(board: SearchBoard): number[] {
  const moves = new Int32Array(board.maxMoves);
  return Array.from(moves.subarray(0, board.generate(moves)));
}

/** Positions along seeded random games from the start (captures preferred, so that material thins), game-over positions left out. */
export function playoutPositions(seed: number, games: number): Position[] {
  const rng = new Rng(seed);
  const out: Position[] = [];
  for (let g = 0; g < games; g++) {
    let p = startPosition();
    while (gameStatus(p).kind === 'playing') {
      out.push(p);
      const moves = legalMoves(p);
      const captures = moves.filter((m) => m.capture);
      const pool = captures.length > 0 && rng.chance(0.6) ? captures : moves;
      p = positionAfter(p, pool[rng.int(0, pool.length - 1)]!);
    }
  }
  return out;
}
