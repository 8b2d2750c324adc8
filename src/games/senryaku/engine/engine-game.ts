/**
 * Senryaku as the engine knows it: positions in SPN, moves in the game's notation (`d1-d2`,
 * `c5xd4`), each move of a loaded game checked by the rules core before the search sees it.
 */
import type { EngineGame, EngineProblem, SearchBoard } from '../../../engine/types.ts';
import { err, ok, type Result } from '../../../util/result.ts';
import type { BalanceModel } from '../rules/balance.ts';
import { applyGameMove, gameStatus, type Game } from '../rules/game.ts';
import { checkMove } from '../rules/moves.ts';
import { parseMoveNotation } from '../rules/notation.ts';
import { DEFAULT_MODEL } from '../rules/play.ts';
import { START_SPN, formatSpn, parseSpn } from '../rules/spn.ts';
import { wellName } from '../rules/types.ts';
import { CAPTURE_BIT, SenryakuSearchBoard } from './search-board.ts';

const problem = (code: EngineProblem['code'], message: string): Result<never, EngineProblem> => err({ code, message });

/** Senryaku's engine game on a board that balances as `model` says (the default profile's unless a board's is given). */
export function senryakuEngine(model: BalanceModel = DEFAULT_MODEL): EngineGame {
  const ours = (board: SearchBoard): SenryakuSearchBoard => {
    if (board instanceof SenryakuSearchBoard) return board;
    throw new TypeError('not a Senryaku search board');
  };
  return {
    id: 'senryaku',
    startPosition: START_SPN,
    load(position, moves) {
      const parsed = parseSpn(position.trim());
      if (!parsed.ok) return problem('BadPosition', `bad SPN '${position}': ${parsed.error.message}`);
      let game: Game = { position: parsed.value };
      for (let i = 0; i < moves.length; i++) {
        const text = moves[i]!;
        const where = `move ${i + 1} (${text})`;
        const move = parseMoveNotation(text);
        if (!move.ok) return problem('BadMove', `${where}: ${move.error.message}`);
        const played = applyGameMove(game, move.value, model);
        if (!played.ok) return problem(played.error.code === 'GameOver' ? 'GameOver' : 'IllegalMove', `${where}: ${played.error.message}`);
        game = played.value.game;
      }
      const status = gameStatus(game);
      // A side with no legal move is still a position: the search answers it with no move.
      if (status.kind === 'over' && status.reason !== 'no-move')
        return problem('GameOver', `the game is over: ${status.winner} won by ${status.reason}`);
      return ok(new SenryakuSearchBoard(game.position, model));
    },
    position(board) {
      return formatSpn(ours(board).position());
    },
    formatMove(_board, move) {
      return `${wellName(move & 63)}${move & CAPTURE_BIT ? 'x' : '-'}${wellName((move >> 6) & 63)}`;
    },
    parseMove(board, text) {
      const parsed = parseMoveNotation(text);
      if (!parsed.ok) return problem('BadMove', parsed.error.message);
      const own = ours(board);
      const moves = new Int32Array(own.maxMoves);
      const n = own.generate(moves);
      const { from, to, capture } = parsed.value;
      for (let i = 0; i < n; i++) {
        const code = moves[i]!;
        if ((code & 63) === from && ((code >> 6) & 63) === to && (code & CAPTURE_BIT ? true : false) === capture) return ok(code);
      }
      if (n === 0) return problem('GameOver', `${own.turn()} has no legal move: the game is over`);
      const checked = checkMove(own.position(), parsed.value);
      return problem('IllegalMove', `${text} is not legal here: ${checked.ok ? 'it is not among the legal moves' : checked.error.message}`);
    },
  };
}

export const SENRYAKU_ENGINE: EngineGame = senryakuEngine();
