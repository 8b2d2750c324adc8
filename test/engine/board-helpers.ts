/** Test helpers for any game's search board: perft through make/unmake, the moves as an array, a board loaded through the engine game, a fixed-depth search. */
import { search } from '../../src/engine/search.ts';
import type { EngineGame, SearchBoard, SearchOutcome } from '../../src/engine/types.ts';

/**
 * Perft through the search board, counted as the rules cores count it: a move that ends the
 * game leaves nothing to count deeper, and a side whose only move is `pass` (a game's pass
 * code, if it has one) contributes 0, since a pass is no move.
 */
export function searchPerft(board: SearchBoard, depth: number, pass?: number): number {
  if (depth === 0) return 1;
  const moves = new Int32Array(board.maxMoves);
  const n = board.generate(moves);
  if (n === 1 && moves[0] === pass) return 0;
  if (depth === 1) return n;
  let total = 0;
  for (let i = 0; i < n; i++) {
    if (board.make(moves[i]!) === 'continues') total += searchPerft(board, depth - 1, pass);
    board.unmake(moves[i]!);
  }
  return total;
}

/** The board's moves now, as an array. */
export function movesOf(board: SearchBoard): number[] {
  const moves = new Int32Array(board.maxMoves);
  return Array.from(moves.subarray(0, board.generate(moves)));
}

/** The game's board at `position` after `moves`, checked to be of the game's board class. */
export function loadBoard<B extends SearchBoard>(
  game: EngineGame,
  kind: abstract new (...args: never[]) => B,
  position: string,
  moves: readonly string[] = [],
): B {
  const loaded = game.load(position, moves);
  if (!loaded.ok) throw new Error(`test position refused: ${loaded.error.message}`);
  if (!(loaded.value instanceof kind)) throw new Error('load made another kind of board');
  return loaded.value;
}

/** The full search (level 10, seed 1, no clock) to a fixed depth from `position`: the same on every machine. */
export function searchAt(game: EngineGame, position: string, depth: number): SearchOutcome {
  const board = game.load(position, []);
  if (!board.ok) throw new Error(board.error.message);
  return search(game, board.value, { depth }, { level: 10, seed: 1, now: () => 0 });
}
