/**
 * The engine client against scripted programs on a manual clock: the handshake and its
 * options, a move, and each way a program can fail it (dies, says something malformed, stays
 * silent past its bound, refuses, answers an illegal move), each a coded problem, never a hang.
 */
import { describe, expect, it } from 'vitest';
import { EngineClient, EngineStartError, type EngineClientOptions } from '../../../src/app/engine/engine-client.ts';
import type { EngineProcessEvents, SpawnEngine } from '../../../src/app/engine/engine-process.ts';
import { err, ok } from '../../../src/util/result.ts';
import { ManualScheduler } from '../../../src/util/scheduler.ts';

/** Lets the scripted program's answers (microtasks) and the client's reading of them run. */
const settle = () => new Promise((r) => setImmediate(r));

type Script = (line: string, program: ScriptedProgram) => void;

/** A well-behaved program: names take-away, has Level and Seed, answers go with info and t1. */
const GOOD: Script = (line, p) => {
  if (line === 'uci')
    p.say(
      'id name Scripted',
      'id rules take-away',
      'option name Level type spin default 10 min 1 max 10',
      'option name Seed type spin default 0 min 0 max 9',
      'uciok',
    );
  else if (line === 'isready') p.say('readyok');
  else if (line.startsWith('go')) p.say('info depth 1 score cp 5 nodes 3 pv t2', 'info depth 2 score cp 7 nodes 9 pv t1 t3', 'bestmove t1');
  else if (line === 'quit') p.exit('it exited with code 0');
};

class ScriptedProgram {
  readonly heard: string[] = [];
  argv: readonly string[] = [];
  killed = false;
  exited = false;
  #events: EngineProcessEvents | undefined;
  constructor(readonly script: Script) {}
  readonly spawn: SpawnEngine = (argv, events) => {
    this.argv = argv;
    this.#events = events;
    return {
      write: (line) => {
        if (this.exited) return;
        this.heard.push(line);
        queueMicrotask(() => this.script(line, this));
      },
      kill: () => {
        this.killed = true;
        this.exit('it was killed (SIGKILL)');
      },
    };
  };
  say(...lines: string[]): void {
    for (const line of lines) if (!this.exited) this.#events!.onLine(line);
  }
  exit(why: string): void {
    if (this.exited) return;
    this.exited = true;
    queueMicrotask(() => this.#events!.onExit(why));
  }
}

function client(script: Script, options: Partial<EngineClientOptions> = {}) {
  const program = new ScriptedProgram(script);
  const clock = new ManualScheduler();
  const c = new EngineClient({ command: "fake-engine --name 'a b'", rules: 'take-away', clock, spawn: program.spawn, ...options });
  return { program, clock, client: c };
}

/** start()'s failure, as its problem. */
async function startProblem(c: EngineClient) {
  try {
    await c.start();
    return undefined;
  } catch (e) {
    if (!(e instanceof EngineStartError)) throw e;
    return e.problem;
  }
}

describe('EngineClient', () => {
  it('greets the program, sets its level and seed, and asks for a move: the move and the last info', async () => {
    const { program, client: c } = client(GOOD, { level: 3, seed: 7 });
    await c.start();
    expect(program.argv).toEqual(['fake-engine', '--name', 'a b']);
    expect(c.identity).toMatchObject({ name: 'Scripted', rules: 'take-away', options: [{ name: 'Level' }, { name: 'Seed' }] });
    const answer = await c.bestMove('9 b', ['t1'], { movetimeMs: 100, depth: 4 });
    expect(answer).toEqual(ok({ move: 't1', info: { depth: 2, score: { kind: 'cp', value: 7 }, nodes: 9, pv: ['t1', 't3'] } }));
    expect(program.heard).toEqual([
      'uci',
      'setoption name Level value 3',
      'setoption name Seed value 7',
      'ucinewgame',
      'isready',
      'position 9 b moves t1',
      'go depth 4 movetime 100',
    ]);
    await c.stop();
    expect(program.heard.at(-1)).toBe('quit');
    expect(program.killed).toBe(false);
    expect(await c.bestMove('9 b', [], { depth: 1 })).toEqual(err({ code: 'NotRunning', message: expect.stringContaining('stopped') }));
  });

  it('bestmove (none) is no move', async () => {
    const { client: c } = client((line, p) => (line.startsWith('go') ? p.say('bestmove (none)') : GOOD(line, p)));
    await c.start();
    expect(await c.bestMove('0 a', [], { depth: 3 })).toEqual(ok({ move: undefined, info: undefined }));
  });

  const noLevel: Script = (l, p) => (l === 'uci' ? p.say('id name Plain', 'uciok') : GOOD(l, p));
  const refusesLevel: Script = (l, p) => (l.startsWith('setoption') ? p.say('info string error BadOptionValue: no') : GOOD(l, p));
  it.each([
    ['a program of another game', { rules: 'senryaku' }, GOOD, 'WrongRules'],
    ['a level for a program without one', { level: 2 }, noLevel, 'NoLevelOption'],
    ['a level the program refuses', { level: 2 }, refusesLevel, 'EngineRefused'],
    ['a command line that does not split', { command: 'engine "--x' }, GOOD, 'BadCommandLine'],
  ] as const)('%s: start fails with %s and the program is ended', async (_what, options, script, code) => {
    const { program, client: c } = client(script, options);
    expect(await startProblem(c)).toMatchObject({ code });
    expect(program.exited || program.argv.length === 0).toBe(true);
  });

  it('a program that never finishes the handshake: Timeout at the bound, quoting what it said, and it is killed', async () => {
    const {
      program,
      clock,
      client: c,
    } = client((l, p) => (l === 'uci' ? p.say('Welcome to Some Engine!') : undefined), { handshakeMs: 5_000 });
    const started = startProblem(c);
    await settle();
    clock.advance(4_999);
    await settle();
    expect(program.killed).toBe(false);
    clock.advance(1);
    expect(await started).toEqual({ code: 'Timeout', message: expect.stringContaining("'Welcome to Some Engine!'") });
    expect(program.killed).toBe(true);
  });

  it('a move late past movetime + grace: Timeout, the program is killed and later calls say why', async () => {
    const { program, clock, client: c } = client((l, p) => (l.startsWith('go') ? undefined : GOOD(l, p)), { graceMs: 300 });
    await c.start();
    const asked = c.bestMove('9 a', [], { movetimeMs: 200 });
    await settle();
    clock.advance(499);
    await settle();
    expect(program.killed).toBe(false);
    clock.advance(1);
    expect(await asked).toEqual(err({ code: 'Timeout', message: 'the program did not say bestmove within 500 ms' }));
    expect(program.killed).toBe(true);
    expect(await c.bestMove('9 a', [], { depth: 1 })).toMatchObject(err({ code: 'NotRunning' }));
    await c.stop();
  });

  it('a search without movetime is bounded too (searchBoundMs)', async () => {
    const { clock, client: c } = client((l, p) => (l.startsWith('go') ? undefined : GOOD(l, p)), { searchBoundMs: 3_000 });
    await c.start();
    const asked = c.bestMove('9 a', [], { depth: 30 });
    await settle();
    clock.advance(3_000);
    expect(await asked).toMatchObject(err({ code: 'Timeout' }));
  });

  it('a program that dies while thinking: EngineDied with its last words', async () => {
    const { client: c } = client((l, p) =>
      l.startsWith('go') ? p.exit('it exited with code 3; its last words: out of memory') : GOOD(l, p),
    );
    await c.start();
    expect(await c.bestMove('9 a', [], { depth: 2 })).toEqual(
      err({ code: 'EngineDied', message: 'it ended: it exited with code 3; its last words: out of memory' }),
    );
  });

  it('a malformed reply: BadReply, and the program is ended', async () => {
    const { program, client: c } = client((l, p) => (l.startsWith('go') ? p.say('info depth deep') : GOOD(l, p)));
    await c.start();
    expect(await c.bestMove('9 a', [], { depth: 2 })).toMatchObject(
      err({ code: 'BadReply', message: expect.stringContaining('info depth deep') }),
    );
    expect(program.killed).toBe(true);
  });

  it('lines that are no reply (a banner, chatter) are stepped over', async () => {
    const { client: c } = client((l, p) => (l.startsWith('go') ? p.say('thinking hard...', 'bestmove t2') : GOOD(l, p)));
    await c.start();
    expect(await c.bestMove('9 a', [], { depth: 2 })).toEqual(ok({ move: 't2', info: undefined }));
  });

  it('a position the program refuses: EngineRefused with its words', async () => {
    const refusing: Script = (l, p) => {
      if (l.startsWith('position')) p.say('info string error BadPosition: not a position');
      else if (l.startsWith('go')) p.say('info string error NoPosition: the last position was refused', 'bestmove (none)');
      else GOOD(l, p);
    };
    const { client: c } = client(refusing);
    await c.start();
    expect(await c.bestMove('x', [], { depth: 2 })).toEqual(err({ code: 'EngineRefused', message: 'BadPosition: not a position' }));
  });

  it("a move the caller's rules refuse: IllegalMove", async () => {
    const { client: c } = client(GOOD, { checkMove: (_p, _m, move) => err(`${move} is not legal here`) });
    await c.start();
    expect(await c.bestMove('9 a', [], { depth: 2 })).toEqual(
      err({ code: 'IllegalMove', message: 'the program answered t1: t1 is not legal here' }),
    );
  });

  it('one question at a time, and never one without a limit', async () => {
    const { client: c } = client((l, p) => (l.startsWith('go') ? undefined : GOOD(l, p)));
    await c.start();
    expect(await c.bestMove('9 a', [], {})).toMatchObject(err({ code: 'BadLimits' }));
    const first = c.bestMove('9 a', [], { depth: 2 });
    expect(await c.bestMove('9 a', [], { depth: 2 })).toMatchObject(err({ code: 'Busy' }));
    await c.stop();
    expect(await first).toMatchObject(err({ code: 'Stopped' }));
  });

  it('stop: a program that ignores quit is killed after quitMs; stopping twice is fine', async () => {
    const { program, clock, client: c } = client((l, p) => (l === 'quit' ? undefined : GOOD(l, p)), { quitMs: 1_500 });
    await c.start();
    const stopped = c.stop();
    await settle();
    clock.advance(1_499);
    await settle();
    expect(program.killed).toBe(false);
    clock.advance(1);
    await stopped;
    expect(program.killed).toBe(true);
    await c.stop();
  });
});
