/**
 * The client's side of the engine protocol (docs/engine.md): a program that speaks it, run
 * from its command line, asked for a move. Whatever the program does, an answer comes: a
 * program that dies, writes a malformed reply, or misses its bound (the handshake's, or the
 * move's: `movetime` plus a grace) is a coded problem, never a wait without end; a program
 * that missed its bound is ended (start the client again for another).
 *
 * The bounds run on real time by default (`clock`): the program thinks on the machine's
 * clock, whatever clock the referee's run goes by.
 */
import { formatCommand, type EngineCommand } from '../../engine/protocol/command.ts';
import { parseReply } from '../../engine/protocol/parse-reply.ts';
import type { EngineReply, InfoReply, OptionSpec } from '../../engine/protocol/reply.ts';
import type { Level, SearchLimits } from '../../engine/types.ts';
import { err, ok, type CodedError, type Result } from '../../util/result.ts';
import { realScheduler, type Scheduler } from '../../util/scheduler.ts';
import { ServiceStartError, type Service } from '../service.ts';
import { spawnEngine, type EngineProcess, type SpawnEngine } from './engine-process.ts';
import { splitCommandLine } from './split-command-line.ts';

export type EngineClientCode =
  | 'BadCommandLine'
  | 'EngineDied'
  | 'Timeout'
  | 'BadReply'
  | 'WrongRules'
  | 'NoLevelOption'
  | 'EngineRefused'
  | 'IllegalMove'
  | 'BadLimits'
  | 'NotRunning'
  | 'Busy'
  | 'Stopped';
export type EngineClientProblem = CodedError<EngineClientCode>;

export interface EngineClientOptions {
  /** The program and its arguments, split as a shell would (no shell runs it). */
  readonly command: string;
  /** The game played: a program that names another (`id rules`) is refused. */
  readonly rules: string;
  /** Set with `setoption name Level`: a program without that option is refused. Unset: its own default. */
  readonly level?: Level;
  /** Set with `setoption name Seed` where the program has that option. */
  readonly seed?: number;
  /** The handshake's bound, `uci` to `uciok` and `isready` to `readyok` each (default 10 s: a program may load a while). */
  readonly handshakeMs?: number;
  /** What a move may take beyond its `movetime` (default 1 s: the program's own overhead, the pipes, a busy machine). */
  readonly graceMs?: number;
  /** The bound of a search with no `movetime` (`depth`, `nodes`): default 60 s. */
  readonly searchBoundMs?: number;
  /** How long `quit` may take before the program is killed (default 2 s). */
  readonly quitMs?: number;
  /** A best move's check against the rules (a legal move of the position after the moves), if the caller has one. */
  readonly checkMove?: (position: string, moves: readonly string[], move: string) => Result<void, string>;
  readonly clock?: Scheduler;
  readonly spawn?: SpawnEngine;
}

/** What the program said of itself in the handshake. */
export interface EngineIdentity {
  readonly name: string | undefined;
  readonly author: string | undefined;
  readonly rules: string | undefined;
  readonly options: readonly OptionSpec[];
}

export interface EngineAnswer {
  /** Undefined: `bestmove (none)`, the side to move has no move. */
  readonly move: string | undefined;
  /** The last `info` with a depth, if the program said one. */
  readonly info: InfoReply | undefined;
}

/** The program could not be started and greeted: `problem` says why. */
export class EngineStartError extends ServiceStartError {
  constructor(readonly problem: EngineClientProblem) {
    super(`engine: ${problem.code}: ${problem.message}`, problem.code === 'BadCommandLine');
  }
}

const problem = (code: EngineClientCode, message: string): EngineClientProblem => ({ code, message });

/** A reply awaited: `step` reads each reply until it gives the outcome. */
interface Awaiting {
  readonly step: (reply: EngineReply) => Result<unknown, EngineClientProblem> | undefined;
  readonly settle: (outcome: Result<unknown, EngineClientProblem>) => void;
}

export class EngineClient implements Service {
  readonly name = 'engine client';
  readonly #o: EngineClientOptions;
  readonly #clock: Scheduler;
  #process: EngineProcess | undefined;
  #state: 'new' | 'starting' | 'ready' | 'ended' = 'new';
  #endedWhy = 'it was not started';
  #exited: Promise<void> = Promise.resolve();
  #awaiting: Awaiting | undefined;
  /** `info string error ...` said since the last command went out: the program refused it. */
  #refusals: string[] = [];
  /** The last line that was no reply: quoted when the program then misses its bound. */
  #lastStray: string | undefined;
  #identity: EngineIdentity | undefined;
  /** The Level last set on the program (undefined: its own default). */
  #level: Level | undefined;

  constructor(options: EngineClientOptions) {
    this.#o = options;
    this.#clock = options.clock ?? realScheduler;
  }

  /** Set once started. */
  get identity(): EngineIdentity | undefined {
    return this.#identity;
  }

  /** Runs the program and greets it (`uci`, its options, `isready`); throws EngineStartError, having ended it, if that fails. */
  async start(): Promise<void> {
    const started = await this.#start();
    if (!started.ok) {
      await this.stop();
      throw new EngineStartError(started.error);
    }
  }

  async #start(): Promise<Result<void, EngineClientProblem>> {
    const argv = splitCommandLine(this.#o.command);
    if (!argv.ok) return err(problem('BadCommandLine', `${argv.error.message}: ${this.#o.command}`));
    this.#state = 'starting';
    let exited!: () => void;
    this.#exited = new Promise((resolve) => (exited = resolve));
    this.#process = (this.#o.spawn ?? spawnEngine)(argv.value, {
      onLine: (line) => this.#hear(line),
      onExit: (why) => {
        this.#end(`it ended: ${why}`);
        exited();
      },
    });
    const handshakeMs = this.#o.handshakeMs ?? 10_000;
    const options: OptionSpec[] = [];
    const id: Partial<Record<'name' | 'author' | 'rules', string>> = {};
    this.#send({ kind: 'uci' });
    const greeted = await this.#await('uciok', handshakeMs, (reply) => {
      if (reply.kind === 'id') id[reply.field] = reply.value;
      else if (reply.kind === 'option') options.push(reply.option);
      return reply.kind === 'uciok' ? ok(undefined) : undefined;
    });
    if (!greeted.ok) return greeted;
    this.#identity = { name: id.name, author: id.author, rules: id.rules, options };
    if (id.rules !== undefined && id.rules !== this.#o.rules)
      return err(problem('WrongRules', `the program plays ${id.rules}, not ${this.#o.rules}`));
    const hasOption = (name: string) => options.some((o) => o.name.toLowerCase() === name.toLowerCase());
    if (this.#o.level !== undefined) {
      if (!hasOption('Level')) return err(problem('NoLevelOption', `the program has no Level option to set to ${this.#o.level}`));
      this.#send({ kind: 'setoption', name: 'Level', value: String(this.#o.level) });
      this.#level = this.#o.level;
    }
    if (this.#o.seed !== undefined && hasOption('Seed')) this.#send({ kind: 'setoption', name: 'Seed', value: String(this.#o.seed) });
    this.#send({ kind: 'ucinewgame' });
    const ready = await this.#isReady(handshakeMs);
    if (!ready.ok) return ready;
    this.#state = 'ready';
    return ok(undefined);
  }

  /** `isready` answered, with no refusal of what was said before it. */
  async #isReady(boundMs: number): Promise<Result<void, EngineClientProblem>> {
    this.#send({ kind: 'isready' });
    const ready = await this.#await('readyok', boundMs, (reply) => (reply.kind === 'readyok' ? ok(undefined) : undefined));
    if (!ready.ok) return ready;
    return this.#refusals.length === 0 ? ok(undefined) : err(problem('EngineRefused', this.#refusals[0]!));
  }

  /**
   * The program's move in `position` (the game's notation) after `moves`, within `limits`
   * (at least one: a search without any would never end). One at a time. `level`: set with
   * `setoption name Level` first where it is not the program's level already.
   */
  async bestMove(
    position: string,
    moves: readonly string[],
    limits: SearchLimits,
    level?: Level,
  ): Promise<Result<EngineAnswer, EngineClientProblem>> {
    if (this.#state !== 'ready') return err(problem('NotRunning', `the program is not running: ${this.#endedWhy}`));
    if (this.#awaiting !== undefined) return err(problem('Busy', 'the program is already thinking about a move'));
    if (limits.depth === undefined && limits.nodes === undefined && limits.movetimeMs === undefined)
      return err(problem('BadLimits', 'a search needs a depth, a node count or a movetime'));
    if (level !== undefined && level !== this.#level) {
      if (!this.#identity?.options.some((o) => o.name.toLowerCase() === 'level'))
        return err(problem('NoLevelOption', `the program has no Level option to set to ${level}`));
      this.#send({ kind: 'setoption', name: 'Level', value: String(level) });
      this.#level = level;
    }
    this.#send({ kind: 'position', origin: { kind: 'notation', text: position }, moves });
    this.#send({ kind: 'go', limits: { ...limits, infinite: false } });
    const boundMs = limits.movetimeMs !== undefined ? limits.movetimeMs + (this.#o.graceMs ?? 1_000) : (this.#o.searchBoundMs ?? 60_000);
    let info: InfoReply | undefined;
    const answer = await this.#await<string | undefined>('bestmove', boundMs, (reply) => {
      if (reply.kind === 'info' && reply.info.depth !== undefined) info = reply.info;
      return reply.kind === 'bestmove' ? ok(reply.move) : undefined;
    });
    if (!answer.ok) return answer;
    if (this.#refusals.length > 0) return err(problem('EngineRefused', this.#refusals[0]!));
    const move = answer.value;
    if (move !== undefined && this.#o.checkMove !== undefined) {
      const legal = this.#o.checkMove(position, moves, move);
      if (!legal.ok) return err(problem('IllegalMove', `the program answered ${move}: ${legal.error}`));
    }
    return ok({ move, info });
  }

  /** Asks the program to end the search under way at once (`stop`): `bestMove` then answers with what it has. */
  interrupt(): void {
    if (this.#state === 'ready' && this.#awaiting !== undefined) this.#process?.write(formatCommand({ kind: 'stop' }));
  }

  /** Says `quit`, and kills the program if it has not ended within the bound. Safe to call twice. */
  async stop(): Promise<void> {
    const process = this.#process;
    if (process === undefined || this.#state === 'ended') return this.#exited;
    this.#end('the client stopped it', 'Stopped');
    process.write(formatCommand({ kind: 'quit' }));
    const killer = this.#clock.setTimeout(() => process.kill(), this.#o.quitMs ?? 2_000);
    await this.#exited;
    this.#clock.clear(killer);
  }

  #send(command: EngineCommand): void {
    this.#refusals = [];
    this.#process?.write(formatCommand(command));
  }

  #hear(line: string): void {
    const parsed = parseReply(line);
    if (!parsed.ok) {
      if (parsed.error.code === 'UnknownReply') this.#lastStray = line;
      else this.#abandon(problem('BadReply', `the program said something malformed (${parsed.error.message})`));
      return;
    }
    const reply = parsed.value;
    if (reply.kind === 'info' && reply.info.text?.startsWith('error ')) this.#refusals.push(reply.info.text.slice('error '.length));
    const awaiting = this.#awaiting;
    const outcome = awaiting?.step(reply);
    if (outcome !== undefined) awaiting!.settle(outcome);
  }

  #await<T>(what: string, boundMs: number, step: (reply: EngineReply) => Result<T, EngineClientProblem> | undefined) {
    return new Promise<Result<T, EngineClientProblem>>((resolve) => {
      const timer = this.#clock.setTimeout(() => {
        const said = this.#lastStray === undefined ? '' : `; the last line it wrote that is no reply: '${this.#lastStray}'`;
        this.#abandon(problem('Timeout', `the program did not say ${what} within ${boundMs} ms${said}`));
      }, boundMs);
      this.#awaiting = {
        step,
        settle: (outcome) => {
          this.#clock.clear(timer);
          this.#awaiting = undefined;
          resolve(outcome as Result<T, EngineClientProblem>);
        },
      };
    });
  }

  /** The program cannot be trusted any more: the wait fails with `why`, and the program is ended. */
  #abandon(why: EngineClientProblem): void {
    const process = this.#process;
    this.#end(why.message, why.code);
    process?.write(formatCommand({ kind: 'quit' }));
    process?.kill();
  }

  /** No more talk with the program: whatever is awaited fails (`code`, or EngineDied), and later calls say why. */
  #end(why: string, code: EngineClientCode = 'EngineDied'): void {
    if (this.#state === 'ended') return;
    this.#state = 'ended';
    this.#endedWhy = why;
    this.#awaiting?.settle(err(problem(code, why)));
  }
}
