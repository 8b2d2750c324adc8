/**
 * The project's own engine as the advisor: the search of src/engine/ in a worker thread
 * (WorkerSearchRunner, as `senryaku engine` runs it), so the referee's event loop goes on
 * while it thinks, with no second process and no protocol in between. The thread starts at
 * the first ask, so a run that never asks (no computer, no hint asked) pays nothing for it.
 *
 * Each ask's seed is the run's seed mixed with the position: the lower levels' choices among
 * near-best moves vary from position to position, and the same run plays the same moves.
 */
import type { SearchRunner, SearchFailure } from '../engine/search-runner.ts';
import { err, ok, type Result } from '../../util/result.ts';
import { advisorProblem, type AdviceRequest, type Advisor, type PendingAdvice } from './advisor.ts';
import { AskQueue } from './ask-queue.ts';

export class OwnEngineAdvisor implements Advisor {
  readonly name = 'the engine';
  readonly #runner: SearchRunner;
  readonly #seed: number;
  readonly #queue = new AskQueue();
  #started: Promise<Result<void, SearchFailure>> | undefined;
  #stopped = false;
  #pending = new Set<PendingAdvice>();

  constructor(runner: SearchRunner, seed: number) {
    this.#runner = runner;
    this.#seed = seed;
  }

  /** Nothing to do yet: the thread starts at the first ask. */
  async start(): Promise<void> {}

  ask(request: AdviceRequest): PendingAdvice {
    const pending = this.#queue.add(() => {
      let stopSearch = (): void => {};
      let stopped = false;
      const done = (async () => {
        if (this.#stopped) return err(advisorProblem('Cancelled', 'the computer was stopped'));
        const started = await (this.#started ??= this.#runner.start());
        if (!started.ok) return err(advisorProblem('EngineFailed', started.error.message));
        if (stopped) return err(advisorProblem('Cancelled', 'the question was withdrawn'));
        const search = this.#runner.search(
          {
            position: request.game?.start ?? request.position,
            moves: request.game?.moves ?? [],
            limits: { movetimeMs: request.movetimeMs },
            level: request.level,
            seed: seedFor(this.#seed, request.position),
          },
          () => {},
        );
        stopSearch = () => search.stop();
        const outcome = await search.done;
        if (!outcome.ok) return err(advisorProblem('EngineFailed', outcome.error.message));
        const move = outcome.value.bestMove;
        return move === undefined ? err(advisorProblem('NoMove', 'the side to move has no move')) : ok(move);
      })();
      return {
        stop: () => {
          stopped = true;
          stopSearch();
        },
        done,
      };
    });
    this.#pending.add(pending);
    void pending.done.then(() => this.#pending.delete(pending));
    return pending;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    for (const p of [...this.#pending]) p.cancel();
    await this.#queue.drained();
    if (this.#started) await this.#runner.stop();
  }
}

/** The run's seed mixed with the position's text (FNV-1a), within the engine's seed range. */
function seedFor(seed: number, position: string): number {
  let h = 0x811c9dc5 ^ seed;
  for (let i = 0; i < position.length; i++) h = Math.imul(h ^ position.charCodeAt(i), 0x01000193);
  return (h >>> 0) & 0x7fffffff;
}
