/**
 * Whoever finds the computer's moves and the hints: an engine asked for the best move of a
 * position at a level, within a time budget, off the referee's event loop. Two kinds: the
 * project's own engine in a worker thread (own-engine-advisor.ts), and any program that speaks
 * the engine protocol (program-advisor.ts, `--engine CMD`). The match services (the computer's
 * turns, the hints) see only this seam; their tests hand it a double.
 *
 * Whatever the engine does, an ask settles: with a move, or with a coded problem the service
 * says as a notice (the match goes on without the engine's answer).
 */
import type { Level } from '../../engine/types.ts';
import type { CodedError, Result } from '../../util/result.ts';
import type { GameLine } from './game-line.ts';

export interface AdviceRequest {
  /** The position, in the game's position notation (as the referee's snapshot says it). */
  readonly position: string;
  readonly level: Level;
  /** The most the search may take (a level's own budget may end it sooner). */
  readonly movetimeMs: number;
  /**
   * The game so far, where known: its start position and moves, which lead to `position`. The
   * engine searches the same position, told the earlier ones (a repetition of one of them is a
   * draw to it); without it the engine knows only `position`.
   */
  readonly game?: GameLine;
}

/**
 * - `EngineFailed`: the engine could not answer (it died, would not start, answered nonsense or
 *   an illegal move, or missed its bound); `message` says which, in words.
 * - `NoMove`: the side to move has no move (the referee passes it or ends the game itself).
 * - `Cancelled`: the ask was cancelled (the game moved on, the service stopped).
 */
export type AdvisorCode = 'EngineFailed' | 'NoMove' | 'Cancelled';
export type AdvisorProblem = CodedError<AdvisorCode>;

export interface PendingAdvice {
  /** Gives up on the answer: the search is stopped if it runs, and `done` settles with `Cancelled`. */
  cancel(): void;
  /** The best move, in the game's move notation. */
  readonly done: Promise<Result<string, AdvisorProblem>>;
}

export interface Advisor {
  /** For notices: "the engine", "the program 'stockfish-sk'". */
  readonly name: string;
  /** Gets the engine ready; throws ServiceStartError when it cannot be (a program that will not start or greet). */
  start(): Promise<void>;
  /** One ask; asks made while another runs wait for it, in order. */
  ask(request: AdviceRequest): PendingAdvice;
  /** Cancels what runs and waits, and lets the engine go. Safe to call twice. */
  stop(): Promise<void>;
}

export const advisorProblem = (code: AdvisorCode, message: string): AdvisorProblem => ({ code, message });
