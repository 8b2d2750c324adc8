/**
 * Asks run one at a time (an engine searches one position at a time), in the order made; a
 * cancelled ask that has not begun never reaches the engine, one that runs is stopped.
 */
import { err, type Result } from '../../util/result.ts';
import { advisorProblem, type AdvisorProblem, type PendingAdvice } from './advisor.ts';

/** One ask as an advisor runs it: `stop` ends its search early (its answer is then dropped). */
export interface RunningAsk {
  stop(): void;
  readonly done: Promise<Result<string, AdvisorProblem>>;
}

const cancelled = () => err(advisorProblem('Cancelled', 'the question was withdrawn'));

export class AskQueue {
  #tail: Promise<unknown> = Promise.resolve();

  /** `run` is called when the asks before this one have settled, unless it was cancelled by then. */
  add(run: () => RunningAsk): PendingAdvice {
    let withdrawn = false;
    let running: RunningAsk | undefined;
    let settle!: (r: Result<string, AdvisorProblem>) => void;
    const done = new Promise<Result<string, AdvisorProblem>>((resolve) => (settle = resolve));
    const turn = this.#tail.then(async () => {
      if (withdrawn) return;
      running = run();
      const answer = await running.done;
      settle(withdrawn ? cancelled() : answer);
    });
    this.#tail = turn.catch(() => undefined);
    return {
      cancel: () => {
        if (withdrawn) return;
        withdrawn = true;
        running?.stop();
        settle(cancelled());
      },
      done,
    };
  }

  /** Resolves once every ask made so far has settled. */
  drained(): Promise<void> {
    return this.#tail.then(() => undefined);
  }
}
