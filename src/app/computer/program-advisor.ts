/**
 * Another program as the advisor (`--engine CMD`): anything that speaks the engine protocol
 * (docs/engine.md), driven by the EngineClient: the handshake at start (a program that will
 * not start or greet stops the run, said in one sentence), then `setoption name Level`,
 * `position` (the game's start and its moves, where known), `go movetime` for each ask, its `bestmove` checked against the rules. A program
 * that dies, answers nonsense or an illegal move, or misses its bound, fails that ask with
 * what it did, and every later one with why it is gone: the match goes on without it.
 */
import type { EngineClient } from '../engine/engine-client.ts';
import { err, ok } from '../../util/result.ts';
import { advisorProblem, type AdviceRequest, type Advisor, type PendingAdvice } from './advisor.ts';
import { AskQueue } from './ask-queue.ts';

export class ProgramAdvisor implements Advisor {
  readonly name: string;
  readonly #client: EngineClient;
  readonly #queue = new AskQueue();
  readonly #pending = new Set<PendingAdvice>();

  /** `client`: not started yet (start() greets it); `command`: its command line, to name it. */
  constructor(client: EngineClient, command: string) {
    this.#client = client;
    this.name = `the engine program '${command}'`;
  }

  start(): Promise<void> {
    return this.#client.start();
  }

  ask(request: AdviceRequest): PendingAdvice {
    const pending = this.#queue.add(() => ({
      stop: () => this.#client.interrupt(),
      done: this.#client
        .bestMove(request.game?.start ?? request.position, request.game?.moves ?? [], { movetimeMs: request.movetimeMs }, request.level)
        .then((answer) => {
          if (!answer.ok) return err(advisorProblem('EngineFailed', `${answer.error.code}: ${answer.error.message}`));
          const { move } = answer.value;
          return move === undefined ? err(advisorProblem('NoMove', 'the program says the side to move has no move')) : ok(move);
        }),
    }));
    this.#pending.add(pending);
    void pending.done.then(() => this.#pending.delete(pending));
    return pending;
  }

  async stop(): Promise<void> {
    for (const p of [...this.#pending]) p.cancel();
    await this.#client.stop();
    await this.#queue.drained();
  }
}
