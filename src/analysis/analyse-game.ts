/**
 * One recorded game through the engine: every position searched once, in order, with the
 * same limits (a depth or a node budget, never the clock, so the same record gives the same
 * analysis on every machine), the best move there, and a mark on each move that lost:
 *
 * - `crash`: the move ended the game at once in the mover's loss (Senryaku: it tipped the
 *   board), or the game ended in a crash the mover caused, while the mover had a move that
 *   does not crash;
 * - `lost`: the search sees a forced loss for the mover after the move played, and none after
 *   the engine's best move, searched alike (the position after it, with the same limits): a
 *   move in a position where every move loses is no mistake.
 *
 * A generator: it yields after each search, so that a caller that must stay responsive (the
 * dashboard's server) can do the work a slice at a time; the command line runs it through.
 */
import type { Searcher } from '../engine/search.ts';
import type { EngineGame, MoveEnd, SearchBoard, SearchLimits } from '../engine/types.ts';
import type { Player } from '../rules/match/track.ts';
import { err, ok, type Result } from '../util/result.ts';
import { evaluationOf, losesFor, over, type Evaluation } from './evaluation.ts';
import type { AnalysisProblem } from './problem.ts';
import type { RecordedEnd, RecordedGame, SidePlayer } from './recorded-games.ts';

/** How far each position is searched: a depth, a node budget, or both (the first reached stops it). */
export type AnalysisLimits = Pick<SearchLimits, 'depth' | 'nodes'>;

/** Why a move is marked: it lost by force where the best move did not, or it crashed where a move that does not was there. */
export type Mark = 'lost' | 'crash';

/** A move of the game (or the crash that ended it in the middle of one) and what the engine makes of it. */
export interface PlyAnalysis {
  /** 1 for the game's first move. */
  readonly ply: number;
  readonly side: string;
  readonly player: Player;
  /** The move as the record has it; absent for a crash that ended the game before a move was made. */
  readonly move?: string;
  /** The crash that ended the game, when it was not a move's: when it happened (a lift, a placing) and where. */
  readonly crash?: { readonly during: string; readonly well?: string };
  /** The position before the move, with the best play; absent for a crash out of turn. */
  readonly before?: Evaluation;
  /** The engine's move in the position before (absent: it had none, or a crash out of turn). */
  readonly best?: string;
  /** The position after the move. */
  readonly after: Evaluation;
  /** The position after the best move, searched as the one after the move played was: only when the move played was found lost. */
  readonly bestAfter?: Evaluation;
  readonly mark?: Mark;
  /** Where the record keeps the move (its line in the file). */
  readonly line?: number;
}

export interface GameAnalysis {
  readonly number: number;
  readonly sides: readonly [SidePlayer, SidePlayer];
  readonly start: string;
  /** The start position's evaluation (what the bar shows before the first move). */
  readonly startEvaluation: Evaluation;
  readonly plies: readonly PlyAnalysis[];
  readonly end?: RecordedEnd;
  readonly result?: RecordedGame['result'];
  /** Why the analysis stopped before the record's last move (the engine's rules ended the game earlier). */
  readonly note?: string;
}

interface Searched {
  readonly evaluation: Evaluation;
  readonly best: string | undefined;
}

const fail = (code: AnalysisProblem['code'], message: string, line: number | undefined): Result<never, AnalysisProblem> =>
  err({ code, message, ...(line !== undefined ? { line } : {}) });

/** The analysis of one game; `searcher` is reused from game to game (its table is cleared for each). */
export function* analyseGame(
  engine: EngineGame,
  game: RecordedGame,
  limits: AnalysisLimits,
  searcher: Searcher,
): Generator<void, Result<GameAnalysis, AnalysisProblem>, void> {
  searcher.newGame();
  const loaded = engine.load(game.start, []);
  if (!loaded.ok) return fail('BadPosition', `game ${game.number}: ${loaded.error.message}`, game.line);
  const board = loaded.value;
  const names = [game.sides[0].side, game.sides[1].side] as const;
  const other = (side: string): string => (side === names[0] ? names[1] : names[0]);
  const playerOf = (side: string): Player => (side === names[0] ? game.sides[0].player : game.sides[1].player);
  const search = (): Searched => {
    // Level 10 chooses the best move itself (the lower levels pick among near-best ones); the clock is never read.
    const outcome = searcher.search(engine, board, limits, { level: 10, seed: 0, now: () => 0 });
    return { evaluation: evaluationOf(outcome.info.score, board.turn(), names), best: outcome.bestMove };
  };
  const endOf = (end: MoveEnd, mover: string): Evaluation =>
    end === 'mover-wins' ? over(mover) : end === 'mover-loses' ? over(other(mover)) : { kind: 'cp', value: 0 };

  let current = search();
  yield;
  const startEvaluation = current.evaluation;
  const plies: PlyAnalysis[] = [];
  let ended = false;
  let note: string | undefined;
  for (const [i, recorded] of game.moves.entries()) {
    const where = `game ${game.number}, move ${i + 1} (${recorded.side} ${recorded.move})`;
    if (ended) {
      note = `the engine's rules end the game at move ${i}, and the record goes on: ${game.moves.length - i} moves not analysed`;
      break;
    }
    // A side with no move but the pass passes (Surakarta); the record writes no move for it.
    if (board.turn() !== recorded.side) {
      const pass = engine.parseMove(board, '--');
      if (!pass.ok || board.make(pass.value) !== 'continues')
        return fail('WrongSide', `${where}: it is ${board.turn()}'s turn`, recorded.line);
      current = search();
      yield;
      if (board.turn() !== recorded.side) return fail('WrongSide', `${where}: it is ${board.turn()}'s turn`, recorded.line);
    }
    const mover = recorded.side;
    const move = engine.parseMove(board, recorded.move);
    if (!move.ok) return fail('IllegalMove', `${where}: ${move.error.message}`, recorded.line);
    const before = current;
    const bestCode = before.best !== undefined ? engine.parseMove(board, before.best) : undefined;
    const avoidable = hasSafeMove(board);
    const end = board.make(move.value);
    let after: Evaluation;
    if (end === 'continues') {
      current = search();
      yield;
      after = current.evaluation;
    } else {
      ended = true;
      after = endOf(end, mover);
    }
    let mark: Mark | undefined;
    let bestAfter: Evaluation | undefined;
    if (end === 'mover-loses' && avoidable) mark = 'crash';
    else if (bestCode?.ok && bestCode.value !== move.value && losesFor(after, mover) && !losesFor(before.evaluation, mover)) {
      // The best move looked at as the move played was (one ply deeper than the search before it did).
      board.unmake(move.value);
      const bestEnd = board.make(bestCode.value);
      bestAfter = bestEnd === 'continues' ? search().evaluation : endOf(bestEnd, mover);
      board.unmake(bestCode.value);
      board.make(move.value);
      yield;
      if (!losesFor(bestAfter, mover)) mark = 'lost';
    }
    plies.push({
      ply: i + 1,
      side: mover,
      player: playerOf(mover),
      move: recorded.move,
      before: before.evaluation,
      ...(before.best !== undefined ? { best: before.best } : {}),
      after,
      ...(bestAfter !== undefined ? { bestAfter } : {}),
      ...(mark !== undefined ? { mark } : {}),
      ...(recorded.line !== undefined ? { line: recorded.line } : {}),
    });
  }
  const crash = game.end?.kind === 'crash' && !ended ? game.end : undefined;
  if (crash) {
    // A crash in the middle of a move (no move was made): the mover's, or a touch out of turn.
    const inTurn = board.turn() === crash.loser;
    plies.push({
      ply: plies.length + 1,
      side: crash.loser,
      player: playerOf(crash.loser),
      crash: { during: crash.during, ...(crash.well !== undefined ? { well: crash.well } : {}) },
      ...(inTurn ? { before: current.evaluation, ...(current.best !== undefined ? { best: current.best } : {}) } : {}),
      after: over(other(crash.loser)),
      ...(!inTurn || hasSafeMove(board) ? { mark: 'crash' as const } : {}),
      ...(crash.line !== undefined ? { line: crash.line } : {}),
    });
  }
  return ok({
    number: game.number,
    sides: game.sides,
    start: game.start,
    startEvaluation,
    plies,
    ...(game.end !== undefined ? { end: game.end } : {}),
    ...(game.result !== undefined ? { result: game.result } : {}),
    ...(note !== undefined ? { note } : {}),
  });
}

/** Whether the side to move has a move that does not lose the game then and there (Senryaku: one that does not crash). */
function hasSafeMove(board: SearchBoard): boolean {
  const moves = new Int32Array(board.maxMoves);
  const n = board.generate(moves);
  for (let i = 0; i < n; i++) {
    const end = board.make(moves[i]!);
    board.unmake(moves[i]!);
    if (end !== 'mover-loses') return true;
  }
  return false;
}
