/**
 * `senryaku engine` as a client meets it: the real command line (bin/senryaku.js, its search in
 * a worker thread) for each game that has an engine, driven line by line (handshake, position,
 * go depth, go movetime with stop, bad input, quit), each best move checked legal by the
 * game's rules core; then the engine client driving the real command, and `engine --check`.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { EngineClient } from '../../src/app/engine/engine-client.ts';
import { BUILT_IN_RULESETS, type Ruleset } from '../../src/games/registry.ts';
import { err, ok } from '../../src/util/result.ts';
import { runMain } from '../cli/run-main.ts';
import { until } from '../wait.ts';

const GAMES = BUILT_IN_RULESETS.all.filter((g) => g.engine !== undefined);

/** The legal moves of a position, by the game's rules core (not its engine). */
function legalMoves(ruleset: Ruleset, position: string): string[] {
  const tools = ruleset.position(position);
  if (!tools.ok) throw new Error(`${position}: ${tools.error.message}`);
  return tools.value.moves().map((m) => m.notation);
}

/** The position after `moves` from the start, in the game's notation (the engine writes it; the rules core reads it). */
function after(ruleset: Ruleset, moves: readonly string[]): string {
  const game = ruleset.engine!;
  const board = game.load(game.startPosition, moves);
  if (!board.ok) throw new Error(`${moves.join(' ')}: ${board.error.message}`);
  return game.position(board.value);
}

/** `senryaku engine` as a process: what it said, line by line, and a way to wait for a line. */
class EngineUnderTest {
  readonly lines: string[] = [];
  readonly child: ChildProcessWithoutNullStreams;
  readonly exited: Promise<number | null>;
  stderr = '';
  constructor(args: readonly string[]) {
    this.child = spawn(process.execPath, ['bin/senryaku.js', 'engine', ...args], { cwd: process.cwd() });
    createInterface({ input: this.child.stdout }).on('line', (l) => this.lines.push(l));
    this.child.stderr.on('data', (b: Buffer) => (this.stderr += b.toString()));
    this.exited = new Promise((resolve) => this.child.on('close', (code) => resolve(code)));
  }
  send(...lines: string[]): void {
    for (const line of lines) this.child.stdin.write(`${line}\n`);
  }
  /** Waits for the first line from `from` on that matches, and gives it with its index. */
  async next(pattern: RegExp, from: number): Promise<{ line: string; at: number }> {
    const at = await until(`a line matching ${pattern} (said: ${this.lines.slice(from).join(' | ')}; stderr: ${this.stderr})`, () => {
      const i = this.lines.findIndex((l, n) => n >= from && pattern.test(l));
      return i >= 0 ? i + 1 : undefined;
    });
    return { line: this.lines[at - 1]!, at };
  }
}

const running: EngineUnderTest[] = [];
afterEach(() => {
  for (const e of running.splice(0)) if (e.child.exitCode === null) e.child.kill('SIGKILL');
});

describe.each(GAMES.map((g) => [g.id, g] as const))('senryaku engine --rules %s', (id, ruleset) => {
  it('handshake, go depth 3, go movetime with stop, a bad line, quit: every move legal by the rules core', async () => {
    const engine = new EngineUnderTest(['--rules', id]);
    running.push(engine);
    const start = legalMoves(ruleset, ruleset.startPosition);

    engine.send('uci');
    const uciok = await engine.next(/^uciok$/, 0);
    expect(engine.lines.slice(0, uciok.at)).toEqual([
      expect.stringMatching(/^id name Senryaku engine \d/),
      'id author the Senryaku referee project',
      `id rules ${id}`,
      'option name Level type spin default 10 min 1 max 10',
      'option name Seed type spin default 0 min 0 max 2147483647',
      'uciok',
    ]);
    engine.send('isready');
    let from = (await engine.next(/^readyok$/, uciok.at)).at;

    engine.send('position startpos', 'go depth 3');
    const depth3 = await engine.next(/^bestmove /, from);
    const infos = engine.lines.slice(from, depth3.at - 1);
    expect(infos.map((l) => /^info depth (\d+) seldepth \d+ score (cp|mate) -?\d+ nodes \d+ nps \d+ time \d+ pv \S/.exec(l)?.[1])).toEqual(
      ['1', '2', '3', '3'].slice(0, infos.length),
    );
    expect(infos.length).toBeGreaterThanOrEqual(3);
    const first = depth3.line.slice('bestmove '.length);
    expect(start).toContain(first);
    from = depth3.at;

    // Stopped at once: the best move so far, the first depth's at least, and legal.
    engine.send(`position ${ruleset.startPosition}`, 'go movetime 200', 'stop');
    const stopped = await engine.next(/^bestmove /, from);
    expect(start).toContain(stopped.line.slice('bestmove '.length));
    from = stopped.at;

    // Searched to its own end (the clock's): a legal move of the position after the first one.
    engine.send(`position startpos moves ${first}`, 'go movetime 200');
    const reply = await engine.next(/^bestmove /, from);
    expect(legalMoves(ruleset, after(ruleset, [first]))).toContain(reply.line.slice('bestmove '.length));
    from = reply.at;

    engine.send('position startpos moves z9-z9', 'go depth 1');
    expect((await engine.next(/^info string error /, from)).line).toMatch(/^info string error (BadMove|IllegalMove): .*z9-z9/);
    expect((await engine.next(/^bestmove /, from)).line).toBe('bestmove (none)');

    engine.send('quit');
    expect(await engine.exited).toBe(0);
    expect(engine.stderr).toBe('');
  });

  it('the engine client drives it: a move at level 3 within movetime, legal; stop ends the process', async () => {
    const start = legalMoves(ruleset, ruleset.startPosition);
    const client = new EngineClient({
      command: `'${process.execPath}' bin/senryaku.js engine --rules ${id}`,
      rules: id,
      level: 3,
      // Starting from the sources on a busy machine can take long; a bound, not a measure.
      handshakeMs: 60_000,
      graceMs: 30_000,
      checkMove: (_p, _m, move) => (start.includes(move) ? ok(undefined) : err('not legal')),
    });
    await client.start();
    try {
      expect(client.identity).toMatchObject({ rules: id, options: [{ name: 'Level' }, { name: 'Seed' }] });
      const answer = await client.bestMove(ruleset.startPosition, [], { movetimeMs: 200 });
      expect(answer).toMatchObject(ok({ move: expect.any(String), info: { depth: expect.any(Number) } }));
    } finally {
      await client.stop();
    }
  });

  it('engine --check runs another program (here itself) and checks its move', async () => {
    const r = await runMain([
      'engine',
      '--check',
      `'${process.execPath}' bin/senryaku.js engine --rules ${id}`,
      '--rules',
      id,
      '--level',
      '2',
      '--movetime',
      '200',
    ]);
    expect(r.err).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.out).toEqual([
      expect.stringMatching(new RegExp(`^program: Senryaku engine \\S+ by the Senryaku referee project, rules ${id}$`)),
      'options: Level (spin 1..10), Seed (spin 0..2147483647)',
      expect.stringMatching(/^info depth \d+ /),
      expect.stringMatching(/^bestmove \S+ \(legal\)$/),
    ]);
  });
});

describe('senryaku engine: bad input', () => {
  it('there is a game with an engine to test', () => {
    expect(GAMES.length).toBeGreaterThan(0);
  });

  const without = BUILT_IN_RULESETS.all.find((g) => g.engine === undefined);
  it.runIf(without !== undefined)('a game without an engine: exit 2 at once', async () => {
    expect(await runMain(['engine', '--rules', without!.id])).toEqual({
      code: 2,
      out: [],
      err: [`senryaku engine: bad --rules: ${without!.name} has no engine`],
    });
  });

  it.each([
    [['--level', '3'], '--level goes with --check'],
    [['--check', 'x', '--level', '11'], '--level must be a whole number from 1 to 10'],
    [['--check', 'x', '--movetime', '0'], '--movetime must be milliseconds'],
    [['extra'], 'engine takes no arguments'],
    [['--rules', 'chess'], 'bad --rules'],
  ])('%j: exit 2', async (args, message) => {
    const r = await runMain(['engine', ...args]);
    expect(r.code).toBe(2);
    expect(r.err).toEqual([expect.stringContaining(message)]);
  });

  it('--check with a program of another game: exit 1, saying so', async () => {
    const r = await runMain([
      'engine',
      '--check',
      `'${process.execPath}' --import tsx test/support/fake-engine.ts`,
      '--rules',
      GAMES[0]!.id,
    ]);
    expect(r).toEqual({ code: 1, out: [], err: [`senryaku engine: WrongRules: the program plays take-away, not ${GAMES[0]!.id}`] });
  });
});
