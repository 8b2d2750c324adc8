/**
 * The search as the engine's server sees it: a job started, its `info` as it comes, a way to
 * stop it early, and its outcome. The search itself is synchronous (src/engine/search.ts), so
 * the real runner runs it in a worker thread (`WorkerSearchRunner`) and the server's loop stays
 * free to hear `stop`; the server's tests hand it one of their own.
 */
import type { Level, SearchInfo, SearchLimits, SearchOutcome } from '../../engine/types.ts';
import type { CodedError, Result } from '../../util/result.ts';

export interface SearchJob {
  /** The game's position notation (already checked by the game's engine), and the moves played from it. */
  readonly position: string;
  readonly moves: readonly string[];
  readonly limits: SearchLimits;
  readonly level: Level;
  readonly seed: number;
}

/** The search could not run: its thread died or would not start. The engine cannot go on. */
export type SearchFailure = CodedError<'SearchFailed'>;

export interface RunningSearch {
  /** Ends the search as soon as it next looks (every few thousand nodes): it answers its best move so far. */
  stop(): void;
  readonly done: Promise<Result<SearchOutcome, SearchFailure>>;
}

export interface SearchRunner {
  /** Gets ready to search (a worker's modules loaded); a job given before then waits for it. */
  start(): Promise<Result<void, SearchFailure>>;
  /** One search at a time: the server never starts one while another runs. */
  search(job: SearchJob, onInfo: (info: SearchInfo) => void): RunningSearch;
  /** A new game: what the searches kept from the last (their transposition table) is forgotten. */
  newGame(): void;
  stop(): Promise<void>;
}
