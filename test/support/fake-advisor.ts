/**
 * An advisor for tests: each ask waits until the test answers it (`answer`, `fail`) or it is
 * cancelled; the asks are kept, in order, to be looked at.
 */
import type { AdviceRequest, Advisor, AdvisorProblem, PendingAdvice } from '../../src/app/computer/advisor.ts';
import { err, ok, type Result } from '../../src/util/result.ts';

export interface FakeAsk {
  readonly request: AdviceRequest;
  cancelled: boolean;
  settled: boolean;
  answer(move: string): void;
  fail(problem: AdvisorProblem): void;
}

export class FakeAdvisor implements Advisor {
  readonly name = 'the fake engine';
  readonly asks: FakeAsk[] = [];
  started = 0;
  stopped = 0;

  async start(): Promise<void> {
    this.started++;
  }

  ask(request: AdviceRequest): PendingAdvice {
    let settle!: (r: Result<string, AdvisorProblem>) => void;
    const done = new Promise<Result<string, AdvisorProblem>>((resolve) => (settle = resolve));
    const ask: FakeAsk = {
      request,
      cancelled: false,
      settled: false,
      answer: (move) => {
        if (ask.settled) return;
        ask.settled = true;
        settle(ok(move));
      },
      fail: (problem) => {
        if (ask.settled) return;
        ask.settled = true;
        settle(err(problem));
      },
    };
    this.asks.push(ask);
    return {
      cancel: () => {
        ask.cancelled = true;
        ask.fail({ code: 'Cancelled', message: 'withdrawn' });
      },
      done,
    };
  }

  async stop(): Promise<void> {
    this.stopped++;
    for (const a of this.asks) if (!a.settled) a.fail({ code: 'Cancelled', message: 'stopped' });
  }

  /** The asks not yet answered or cancelled. */
  get open(): FakeAsk[] {
    return this.asks.filter((a) => !a.settled);
  }
}
