/** Test helpers for Surakarta's engine: a search board at a rules-core position, and perft through it. */
import type { SearchBoard } from '../../../../src/engine/types.ts';
import { SURAKARTA_ENGINE } from '../../../../src/games/surakarta/engine/engine-game.ts';
import { PASS, SurakartaSearchBoard } from '../../../../src/games/surakarta/engine/search-board.ts';
import { formatPosition, type Position } from '../../../../src/games/surakarta/rules/index.ts';

export function boardAt(pos: Position, moves: readonly string[] = []): SurakartaSearchBoard {
  const loaded = SURAKARTA_ENGINE.load(formatPosition(pos), moves);
  if (!loaded.ok) throw new Error(`test position refused: ${loaded.error.message}`);
  if (!(loaded.value instanceof SurakartaSearchBoard)) throw new Error('load made another kind of board');
  return loaded.value;
}

/**
 * Perft through the search board, counted as the rules core counts it (rules/perft.ts): a
 * pass is no move (a side that must pass contributes 0), and a move that ends the game
 * leaves nothing to count deeper.
 */
export function searchPerft(board: SearchBoard, depth: number): number {
  if (depth === 0) return 1;
  const moves = new Int32Array(board.maxMoves);
  const n = board.generate(moves);
  if (n === 1 && moves[0] === PASS) return 0;
  if (depth === 1) return n;
  let total = 0;
  for (let i = 0; i < n; i++) {
    const end = board.make(moves[i]!);
    if (end === 'continues') total += searchPerft(board, depth - 1);
    board.unmake(moves[i]!);
  }
  return total;
}

/** The board's moves now, as an array. */
export function movesOf(board: SearchBoard): number[] {
  const moves = new Int32Array(board.maxMoves);
  return Array.from(moves.subarray(0, board.generate(moves)));
}
