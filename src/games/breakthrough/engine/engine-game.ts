/**
 * Breakthrough as the engine knows it (src/engine/types.ts, EngineGame): positions in the
 * rules core's notation (`bbbbbb/bbbbbb/6/6/wwwwww/wwwwww w`), moves in its move notation
 * (`b2-b3`, `b2xc3`), each move of a game checked legal by the core before the search board
 * is made. Breakthrough has no pass.
 */
import type { EngineGame, EngineProblem, SearchBoard } from '../../../engine/types.ts';
import { err, ok, type Result } from '../../../util/result.ts';
import { gameStatus, positionAfter } from '../rules/game.ts';
import { CAPTURE_BIT, MAX_MOVES, checkMove, decodeMove } from '../rules/moves.ts';
import { formatMove, parseMoveNotation } from '../rules/notation.ts';
import { START_POSITION, formatPosition, parsePosition, type Position } from '../rules/position.ts';
import { BreakthroughSearchBoard } from './search-board.ts';

const problem = (code: EngineProblem['code'], message: string): Result<never, EngineProblem> => err({ code, message });

/** Why a game in this position is over, or undefined while it goes on. */
function overMessage(pos: Position): string | undefined {
  const status = gameStatus(pos);
  return status.kind === 'over' ? `the game is over: ${status.winner} won (${status.reason})` : undefined;
}

/** The position after one more move in notation, or why not. */
function play(pos: Position, text: string): Result<Position, EngineProblem> {
  const over = overMessage(pos);
  if (over) return problem('GameOver', over);
  const move = parseMoveNotation(text);
  if (!move.ok) return problem('BadMove', move.error.message);
  const checked = checkMove(pos, move.value);
  return checked.ok ? ok(positionAfter(pos, checked.value)) : problem('IllegalMove', checked.error.message);
}

function searchBoardOf(board: SearchBoard): BreakthroughSearchBoard {
  if (board instanceof BreakthroughSearchBoard) return board;
  throw new TypeError('not a Breakthrough search board: use the board BREAKTHROUGH_ENGINE.load made');
}

/** Room for any position's moves, for parseMove (not re-entered). */
const moves = new Int32Array(MAX_MOVES);

export const BREAKTHROUGH_ENGINE: EngineGame = {
  id: 'breakthrough',
  startPosition: START_POSITION,

  load(position, playedMoves) {
    const parsed = parsePosition(position);
    if (!parsed.ok) return problem('BadPosition', `'${position}' is not a Breakthrough position: ${parsed.error.message}`);
    let pos = parsed.value;
    for (let i = 0; i < playedMoves.length; i++) {
      const text = playedMoves[i]!;
      const next = play(pos, text);
      if (!next.ok) return problem(next.error.code, `move ${i + 1} (${text}): ${next.error.message}`);
      pos = next.value;
    }
    const over = overMessage(pos);
    return over ? problem('GameOver', over) : ok(new BreakthroughSearchBoard(pos));
  },

  position(board) {
    return formatPosition(searchBoardOf(board).position());
  },

  formatMove(_board, move) {
    return formatMove(decodeMove(move));
  },

  parseMove(board, text) {
    const search = searchBoardOf(board);
    const move = parseMoveNotation(text);
    if (!move.ok) return problem('BadMove', move.error.message);
    const { from, to, capture } = move.value;
    const code = from | (to << 6) | (capture ? CAPTURE_BIT : 0);
    const n = search.generate(moves);
    for (let i = 0; i < n; i++) if (moves[i] === code) return ok(code);
    const checked = checkMove(search.position(), move.value);
    return problem('IllegalMove', `${text} is not legal here: ${checked.ok ? 'no piece can make it' : checked.error.message}`);
  },
};
