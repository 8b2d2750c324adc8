/** Test helpers for Breakthrough's engine: positions from text, a search board at a position, seeded playouts (perft through the board: test/engine/board-helpers.ts). */
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
import { loadBoard } from '../../../engine/board-helpers.ts';

export function pos(text: string): Position {
  const p = parsePosition(text);
  if (!p.ok) throw new Error(`test position invalid: ${p.error.message}`);
  return p.value;
}

export const boardAt = (p: Position, moves: readonly string[] = []): BreakthroughSearchBoard =>
  loadBoard(BREAKTHROUGH_ENGINE, BreakthroughSearchBoard, formatPosition(p), moves);

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
