/**
 * What the engine's main thread and its search thread (search-worker.ts) say to each other.
 * `stop` is not a message: the main thread sets the shared flag (`StopFlag`), which the search
 * reads every few thousand nodes, as a message would wait until the search is over.
 */
import type { Level, SearchInfo, SearchLimits, SearchOutcome } from '../../engine/types.ts';

/** What the worker is started with. */
export interface SearchWorkerData {
  /** The game's id: the worker finds its engine in the registry. */
  readonly rules: string;
  /** The board profile it plays on, as a journal header keeps it (the game's `engineOn` reads it); absent: the reference board. */
  readonly profile?: unknown;
  /** One Int32: non-zero while the running search should stop. */
  readonly stop: SharedArrayBuffer;
}

export type ToSearchWorker =
  | {
      readonly type: 'search';
      readonly id: number;
      readonly position: string;
      readonly moves: readonly string[];
      readonly limits: SearchLimits;
      readonly level: Level;
      readonly seed: number;
    }
  | { readonly type: 'new-game' };

export type FromSearchWorker =
  | { readonly type: 'ready' }
  /** The worker cannot search (no engine for the game): it ends after saying so. */
  | { readonly type: 'unable'; readonly message: string }
  | { readonly type: 'info'; readonly id: number; readonly info: SearchInfo }
  | { readonly type: 'done'; readonly id: number; readonly outcome: SearchOutcome }
  | { readonly type: 'failed'; readonly id: number; readonly message: string };
