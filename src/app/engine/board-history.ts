/**
 * A search board for `position` after `moves`, with the keys of the positions the moves passed
 * through (the search's `history`: a line back to one of them is a draw, so the engine neither
 * goes round in circles when ahead nor misses one when behind). The protocol's `position …
 * moves …` and the referee's game so far both come this way.
 */
import type { EngineGame, EngineProblem, PositionKey, SearchBoard } from '../../engine/types.ts';
import { ok, type Result } from '../../util/result.ts';

export interface BoardWithHistory {
  readonly board: SearchBoard;
  /** The keys of `position` and of each position after a move but the last (the board's own). */
  readonly history: readonly PositionKey[];
}

export function loadWithHistory(game: EngineGame, position: string, moves: readonly string[]): Result<BoardWithHistory, EngineProblem> {
  // `load` checks every move by the rules core: a line it takes, the walk below takes too.
  const board = game.load(position, moves);
  if (!board.ok || moves.length === 0) return board.ok ? ok({ board: board.value, history: [] }) : board;
  const walk = game.load(position, []);
  if (!walk.ok) return walk;
  const history: PositionKey[] = [];
  for (const text of moves) {
    history.push({ low: walk.value.hashLow(), high: walk.value.hashHigh() });
    const move = game.parseMove(walk.value, text);
    if (!move.ok) return move;
    walk.value.make(move.value);
  }
  return ok({ board: board.value, history });
}
