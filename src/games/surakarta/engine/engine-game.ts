/**
 * Surakarta as the engine knows it (src/engine/types.ts, EngineGame): positions in the rules
 * core's notation (`oooooo/oooooo/6/6/xxxxxx/xxxxxx x`), moves in its move notation
 * (`b2-c3`, `b2xe5`), each move of a game checked legal by the core before the search board
 * is made. A pass, a side's only move when it has pieces but none can move (RULES.md), is
 * written `--`, as the match record writes the turn a side passed (src/store/sgn.ts).
 */
import type { EngineGame, EngineProblem, SearchBoard } from '../../../engine/types.ts';
import { err, ok, type Result } from '../../../util/result.ts';
import { applyGameMove, applyGamePass, gameStatus, type Game } from '../rules/game.ts';
import { MAX_MOVES, checkMove, decodeMove, encodeMove } from '../rules/moves.ts';
import { formatMove, parseMoveNotation } from '../rules/notation.ts';
import { playPass } from '../rules/play.ts';
import { START_POSITION, formatPosition, parsePosition } from '../rules/position-notation.ts';
import { PASS, SurakartaSearchBoard } from './search-board.ts';

export const PASS_NOTATION = '--';

const problem = (code: EngineProblem['code'], message: string): Result<never, EngineProblem> => err({ code, message });

/** The game after one more move or pass in notation, or why not. */
function play(game: Game, text: string): Result<Game, EngineProblem> {
  if (text === PASS_NOTATION) {
    const passed = applyGamePass(game);
    if (passed.ok) return passed;
    return problem(passed.error.code === 'GameOver' ? 'GameOver' : 'IllegalMove', passed.error.message);
  }
  const move = parseMoveNotation(text);
  if (!move.ok) return problem('BadMove', `${move.error.message} (or ${PASS_NOTATION} for a pass)`);
  const played = applyGameMove(game, move.value);
  if (played.ok) return ok(played.value.game);
  return problem(played.error.code === 'GameOver' ? 'GameOver' : 'IllegalMove', played.error.message);
}

function searchBoardOf(board: SearchBoard): SurakartaSearchBoard {
  if (board instanceof SurakartaSearchBoard) return board;
  throw new TypeError('not a Surakarta search board: use the board SURAKARTA_ENGINE.load made');
}

/** Room for any position's moves, for parseMove (not re-entered). */
const moves = new Int32Array(MAX_MOVES);

export const SURAKARTA_ENGINE: EngineGame = {
  id: 'surakarta',
  startPosition: START_POSITION,

  load(position, playedMoves) {
    const parsed = parsePosition(position);
    if (!parsed.ok) return problem('BadPosition', `'${position}' is not a Surakarta position: ${parsed.error.message}`);
    let game: Game = { position: parsed.value };
    for (let i = 0; i < playedMoves.length; i++) {
      const text = playedMoves[i]!;
      const next = play(game, text);
      if (!next.ok) return problem(next.error.code, `move ${i + 1} (${text}): ${next.error.message}`);
      game = next.value;
    }
    const status = gameStatus(game);
    if (status.kind === 'over')
      return problem('GameOver', `the game is over: ${status.winner === undefined ? 'a draw' : `${status.winner} won`} (${status.reason})`);
    return ok(new SurakartaSearchBoard(game.position));
  },

  position(board) {
    return formatPosition(searchBoardOf(board).position());
  },

  formatMove(_board, move) {
    return move === PASS ? PASS_NOTATION : formatMove(decodeMove(move));
  },

  parseMove(board, text) {
    const search = searchBoardOf(board);
    const n = search.generate(moves);
    if (text === PASS_NOTATION) {
      if (n === 1 && moves[0] === PASS) return ok(PASS);
      const refused = playPass(search.position());
      return problem('IllegalMove', refused.ok ? `${search.turn()} has no piece to move` : refused.error.message);
    }
    const move = parseMoveNotation(text);
    if (!move.ok) return problem('BadMove', `${move.error.message} (or ${PASS_NOTATION} for a pass)`);
    const code = encodeMove(move.value);
    for (let i = 0; i < n; i++) if (moves[i] === code) return ok(code);
    const checked = checkMove(search.position(), move.value);
    return problem('IllegalMove', `${text} is not legal here: ${checked.ok ? 'the side to move must pass' : checked.error.message}`);
  },
};
