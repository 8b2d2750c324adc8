/**
 * The engine's side of the text protocol (docs/engine.md): it hears a client's lines, keeps
 * the position and options, starts and stops the search, and says `info` and `bestmove`.
 * Bad input is said back as `info string error <Code>: <message>` and changes nothing.
 *
 * Lines are handled one after another, in order; only `isready` waits (for the runner to be
 * ready), and a search runs beside the loop, so `stop` and `isready` are heard while it thinks.
 */
import { formatReply, type EngineReply, type InfoReply } from '../../engine/protocol/reply.ts';
import { parseCommand } from '../../engine/protocol/parse-command.ts';
import type { EngineCommand, GoLimits, PositionOrigin } from '../../engine/protocol/command.ts';
import type { EngineGame, SearchInfo, SearchOutcome } from '../../engine/types.ts';
import type { Result } from '../../util/result.ts';
import { DEFAULT_SETTINGS, OPTION_SPECS, setOption, type EngineSettings } from './engine-options.ts';
import type { RunningSearch, SearchFailure, SearchRunner } from './search-runner.ts';

export interface EngineServerOptions {
  readonly game: EngineGame;
  readonly runner: SearchRunner;
  /** Writes one line to the client. */
  readonly out: (line: string) => void;
  /** `id name`: the program and its version. */
  readonly name: string;
  readonly author: string;
}

/** How the server ended: the client said `quit` (or its input ended), or the search failed. */
export type ServerEnd = 'quit' | 'failed';

/** The position a `go` searches: checked by the game's engine when `position` set it. */
interface Position {
  readonly text: string;
  readonly moves: readonly string[];
}

interface Thinking {
  readonly search: RunningSearch;
  readonly infinite: boolean;
  /** Only `stop` ends it: `go infinite`, or `go` with no limit. */
  readonly unbounded: boolean;
  /** The client said `stop` (an infinite search's best move is said then, not before). */
  stopped: boolean;
  /** The last depth it reported. */
  lastInfo?: SearchInfo;
  /** An infinite search that ended on its own: its best move (undefined: none), said on `stop`. */
  held?: { readonly move: string | undefined };
}

export class EngineServer {
  readonly #o: EngineServerOptions;
  #settings: EngineSettings = DEFAULT_SETTINGS;
  /** Undefined after a refused `position`: the client meant another position, so `go` will not search this one. */
  #position: Position | undefined;
  #thinking: Thinking | undefined;
  #ready: Promise<Result<void, SearchFailure>> | undefined;
  #queue: Promise<void> = Promise.resolve();
  #ended = false;
  #end!: (how: ServerEnd) => void;
  /** Settles once, when the server is done: `quit`, the end of its input (`stop()`), or a failed search. */
  readonly ended: Promise<ServerEnd>;

  constructor(options: EngineServerOptions) {
    this.#o = options;
    this.#position = { text: options.game.startPosition, moves: [] };
    this.ended = new Promise((resolve) => (this.#end = resolve));
  }

  /** Starts the runner getting ready (`isready` waits for it); lines may come at once. */
  start(): Promise<void> {
    this.#ready = this.#o.runner.start();
    void this.#ready.then((r) => {
      if (!r.ok) this.#fail(r.error);
    });
    return Promise.resolve();
  }

  /** One line from the client; handled after those before it. */
  hear(line: string): void {
    this.#queue = this.#queue.then(() => (this.#ended ? undefined : this.#handle(line)));
  }

  /**
   * The client's input ended (a script piped in, say): the lines heard are handled and a search
   * with limits runs to its move, as if `quit` came after it; one without limits is stopped.
   */
  endOfInput(): void {
    this.#queue = this.#queue.then(async () => {
      const thinking = this.#thinking;
      if (thinking !== undefined) {
        if (thinking.unbounded) await this.#stopThinking();
        else await thinking.search.done;
      }
      this.#finish('quit');
    });
  }

  /** Ends any search and the runner; safe to call twice. */
  async stop(): Promise<void> {
    this.#finish('quit');
    this.#thinking?.search.stop();
    await this.#o.runner.stop();
  }

  #say(reply: EngineReply): void {
    this.#o.out(formatReply(reply));
  }

  #error(code: string, message: string): void {
    this.#say({ kind: 'info', info: { text: `error ${code}: ${message}` } });
  }

  #finish(how: ServerEnd): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#end(how);
  }

  #fail(failure: SearchFailure): void {
    if (this.#ended) return;
    this.#error(failure.code, failure.message);
    this.#finish('failed');
  }

  async #handle(line: string): Promise<void> {
    const parsed = parseCommand(line);
    if (!parsed.ok) {
      // An empty line is no command and no mistake: UCI clients send them.
      if (parsed.error.code !== 'EmptyLine') this.#error(parsed.error.code, parsed.error.message);
      return;
    }
    const command: EngineCommand = parsed.value;
    switch (command.kind) {
      case 'uci':
        this.#say({ kind: 'id', field: 'name', value: this.#o.name });
        this.#say({ kind: 'id', field: 'author', value: this.#o.author });
        this.#say({ kind: 'id', field: 'rules', value: this.#o.game.id });
        for (const option of OPTION_SPECS) this.#say({ kind: 'option', option });
        this.#say({ kind: 'uciok' });
        return;
      case 'isready': {
        const ready = await this.#ready;
        if (ready?.ok !== false) this.#say({ kind: 'readyok' });
        return;
      }
      case 'setoption': {
        const set = setOption(this.#settings, command.name, command.value);
        if (set.ok) this.#settings = set.value;
        else this.#error(set.error.code, set.error.message);
        return;
      }
      case 'ucinewgame':
        this.#position = { text: this.#o.game.startPosition, moves: [] };
        this.#o.runner.newGame();
        return;
      case 'position':
        return this.#setPosition(command.origin, command.moves);
      case 'go':
        return this.#go(command.limits);
      case 'stop':
        return this.#stopThinking();
      case 'quit':
        this.#thinking?.search.stop();
        this.#finish('quit');
        return;
    }
  }

  #setPosition(origin: PositionOrigin, moves: readonly string[]): void {
    const text = origin.kind === 'startpos' ? this.#o.game.startPosition : origin.text;
    const loaded = this.#o.game.load(text, moves);
    if (loaded.ok) this.#position = { text, moves };
    else {
      this.#position = undefined;
      this.#error(loaded.error.code, `${loaded.error.message}; no search until a position is taken`);
    }
  }

  #go(limits: GoLimits): void {
    if (this.#thinking !== undefined) return this.#error('Busy', 'a search is running: stop it first');
    if (this.#position === undefined) {
      this.#error('NoPosition', 'the last position was refused: send one the engine takes');
      // Every go is answered, so a client waiting for the move does not hang.
      return this.#say({ kind: 'bestmove', move: undefined });
    }
    const { infinite, ...searchLimits } = limits;
    const search = this.#o.runner.search(
      { position: this.#position.text, moves: this.#position.moves, limits: searchLimits, ...this.#settings },
      (info) => {
        if (this.#thinking !== thinking) return;
        thinking.lastInfo = info;
        this.#say({ kind: 'info', info: infoReply(info) });
      },
    );
    const unbounded = infinite || (limits.depth === undefined && limits.nodes === undefined && limits.movetimeMs === undefined);
    const thinking: Thinking = { search, infinite, unbounded, stopped: false };
    this.#thinking = thinking;
    void search.done.then((outcome) => this.#searched(thinking, outcome));
  }

  #searched(thinking: Thinking, outcome: Result<SearchOutcome, SearchFailure>): void {
    if (!outcome.ok) return this.#fail(outcome.error);
    if (this.#ended) return;
    // The move chosen, its score and line (a lower level may choose another than the last depth's best;
    // a stopped search counted more nodes): said unless the last depth said just that, a few ms earlier.
    const final = outcome.value.info;
    if (thinking.lastInfo === undefined || !sameLine(thinking.lastInfo, final)) this.#say({ kind: 'info', info: infoReply(final) });
    // UCI: after `go infinite` the best move waits for `stop`, even when the search has nothing left to look at.
    if (thinking.infinite && !thinking.stopped) thinking.held = { move: outcome.value.bestMove };
    else this.#answer(outcome.value.bestMove);
  }

  #answer(move: string | undefined): void {
    this.#thinking = undefined;
    this.#say({ kind: 'bestmove', move });
  }

  /** Ends the search: its best move is said before the next line is handled (a client may send `go` right after `stop`). */
  async #stopThinking(): Promise<void> {
    const thinking = this.#thinking;
    if (thinking === undefined || thinking.stopped) return;
    thinking.stopped = true;
    if (thinking.held !== undefined) return this.#answer(thinking.held.move);
    thinking.search.stop();
    // #searched, hooked to `done` when the search started, says the move before this goes on.
    await thinking.search.done;
  }
}

/** Two reports of the same search tree and line (their times aside). */
const sameLine = (a: SearchInfo, b: SearchInfo): boolean =>
  a.depth === b.depth &&
  a.seldepth === b.seldepth &&
  a.nodes === b.nodes &&
  JSON.stringify(a.score) === JSON.stringify(b.score) &&
  a.pv.join(' ') === b.pv.join(' ');

/** A completed depth as `info` says it, with the nodes per second UCI clients show. */
function infoReply(info: SearchInfo): InfoReply {
  return {
    depth: info.depth,
    seldepth: info.seldepth,
    score: info.score,
    nodes: info.nodes,
    nps: Math.round((info.nodes * 1000) / Math.max(1, info.timeMs)),
    timeMs: Math.round(info.timeMs),
    pv: info.pv,
  };
}
