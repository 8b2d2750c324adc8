/**
 * The engine's server loop with the search handed in: the handshake, options, positions, `go`
 * and its `info`, `stop`, `go infinite`, and every bad line answered with a coded error that
 * changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { EngineServer } from '../../../src/app/engine/engine-server.ts';
import type { RunningSearch, SearchFailure, SearchJob, SearchRunner } from '../../../src/app/engine/search-runner.ts';
import type { SearchInfo, SearchOutcome } from '../../../src/engine/types.ts';
import { err, ok, type Result } from '../../../src/util/result.ts';
import { TAKE_AWAY } from '../../support/take-away-engine.ts';
import { until } from '../../wait.ts';

/** A search the test drives: it reports what the test says, and ends when told or when stopped (with its best so far). */
class ScriptedSearch implements RunningSearch {
  stopped = false;
  #end!: (r: Result<SearchOutcome, SearchFailure>) => void;
  readonly done = new Promise<Result<SearchOutcome, SearchFailure>>((resolve) => (this.#end = resolve));
  constructor(
    readonly job: SearchJob,
    readonly onInfo: (info: SearchInfo) => void,
    public bestSoFar: string | undefined,
  ) {}
  /** Whether stop() ends it at once (else it ends when the test says, as a search in a thread ends a little later). */
  endsOnStop = true;
  stop(): void {
    this.stopped = true;
    if (this.endsOnStop) this.finish(this.bestSoFar);
  }
  finish(bestMove: string | undefined, info: SearchInfo = finalInfo(bestMove)): void {
    this.#end(ok({ bestMove, info }));
  }
  fail(message: string): void {
    this.#end(err({ code: 'SearchFailed', message }));
  }
}

const INFO: SearchInfo = { depth: 2, seldepth: 3, score: { kind: 'cp', value: 100 }, nodes: 42, timeMs: 4, pv: ['t2', 't1'] };
/** What a search ends with: the move chosen and its line (here the move alone, as a lower level's choice). */
const finalInfo = (move: string | undefined): SearchInfo => ({ ...INFO, nodes: 50, timeMs: 5, pv: move === undefined ? [] : [move] });
const FINAL_T2 = 'info depth 2 seldepth 3 score cp 100 nodes 50 nps 10000 time 5 pv t2';

class ScriptedSearcher implements SearchRunner {
  readonly searches: ScriptedSearch[] = [];
  stopped = false;
  #ready!: (r: Result<void, SearchFailure>) => void;
  readonly ready = new Promise<Result<void, SearchFailure>>((resolve) => (this.#ready = resolve));
  start() {
    return this.ready;
  }
  becomeReady(r: Result<void, SearchFailure> = ok(undefined)): void {
    this.#ready(r);
  }
  search(job: SearchJob, onInfo: (info: SearchInfo) => void): RunningSearch {
    const s = new ScriptedSearch(job, onInfo, 't1');
    this.searches.push(s);
    return s;
  }
  newGames = 0;
  newGame(): void {
    this.newGames++;
  }
  stop(): Promise<void> {
    this.stopped = true;
    return Promise.resolve();
  }
}

function serve() {
  const runner = new ScriptedSearcher();
  const lines: string[] = [];
  const server = new EngineServer({ game: TAKE_AWAY, runner, out: (l) => lines.push(l), name: 'Test 1.0', author: 'the tests' });
  void server.start();
  /** Says the lines and waits until the server has said `count` more lines in all. */
  const say = async (input: string[], count: number): Promise<string[]> => {
    const from = lines.length;
    for (const l of input) server.hear(l);
    await until(`${count} lines after ${input.join(' | ')}`, () => lines.length >= from + count, 5_000, 1);
    return lines.slice(from);
  };
  const search = (i: number) => until(`search ${i}`, () => runner.searches[i], 5_000, 1);
  return { runner, server, lines, say, search };
}

describe('EngineServer', () => {
  it('uci: names itself, its rules and its options; isready waits for the runner', async () => {
    const { say, runner, lines, server } = serve();
    expect(await say(['uci'], 6)).toEqual([
      'id name Test 1.0',
      'id author the tests',
      'id rules take-away',
      'option name Level type spin default 10 min 1 max 10',
      'option name Seed type spin default 0 min 0 max 2147483647',
      'uciok',
    ]);
    server.hear('isready');
    server.hear('uci');
    // Every line heard so far handled, as far as it can be without the runner.
    await new Promise((r) => setImmediate(r));
    expect(lines).toHaveLength(6);
    runner.becomeReady();
    await until('readyok', () => lines.includes('readyok'), 5_000, 1);
    // The lines after isready wait for it: the replies keep the order of the commands.
    await until('second uciok', () => lines.filter((l) => l === 'uciok').length === 2, 5_000, 1);
    expect(lines.indexOf('readyok')).toBeLessThan(lines.lastIndexOf('uciok'));
  });

  it('go: searches the position with the options set, streams info, answers bestmove', async () => {
    const { say, search, runner, lines } = serve();
    runner.becomeReady();
    expect(
      await say(['setoption name level value 3', 'setoption name Seed value 77', 'position 9 b moves t1 t3', 'go depth 4 movetime 500'], 0),
    ).toEqual([]);
    const s = await search(0);
    expect(s.job).toEqual({ position: '9 b', moves: ['t1', 't3'], limits: { depth: 4, movetimeMs: 500 }, level: 3, seed: 77 });
    s.onInfo(INFO);
    // The search ends on the line the last depth said, a few ms later: it is not said twice.
    s.finish('t2', { ...INFO, timeMs: 9 });
    await until('bestmove', () => lines.length === 2, 5_000, 1);
    expect(lines).toEqual(['info depth 2 seldepth 3 score cp 100 nodes 42 nps 10500 time 4 pv t2 t1', 'bestmove t2']);
  });

  it('a search that ends on another line than its last depth (a level that chose another move) says it before bestmove', async () => {
    const { say, search, runner, lines } = serve();
    runner.becomeReady();
    await say(['go depth 2'], 0);
    const s = await search(0);
    s.onInfo(INFO);
    s.finish('t1');
    await until('bestmove', () => lines.length === 3, 5_000, 1);
    expect(lines).toEqual([
      'info depth 2 seldepth 3 score cp 100 nodes 42 nps 10500 time 4 pv t2 t1',
      'info depth 2 seldepth 3 score cp 100 nodes 50 nps 10000 time 5 pv t1',
      'bestmove t1',
    ]);
  });

  it('position startpos and ucinewgame give the start; no move is bestmove (none)', async () => {
    const { say, search, runner } = serve();
    runner.becomeReady();
    await say(['position startpos moves t3', 'go nodes 100'], 0);
    const s = await search(0);
    expect(s.job).toMatchObject({ position: '10 a', moves: ['t3'], limits: { nodes: 100 } });
    s.finish(undefined);
    expect(await say([], 2)).toEqual(['info depth 2 seldepth 3 score cp 100 nodes 50 nps 10000 time 5', 'bestmove (none)']);
    expect(runner.newGames).toBe(0);
    await say(['position 3 a', 'ucinewgame', 'go'], 0);
    expect((await search(1)).job).toMatchObject({ position: '10 a', moves: [], limits: {} });
    expect(runner.newGames).toBe(1);
  });

  it('stop ends the search with its best so far; stop with nothing running says nothing', async () => {
    const { say, search, runner, lines } = serve();
    runner.becomeReady();
    await say(['stop', 'go'], 0);
    const s = await search(0);
    s.bestSoFar = 't2';
    expect(await say(['stop'], 2)).toEqual([FINAL_T2, 'bestmove t2']);
    expect(s.stopped).toBe(true);
    expect(lines).toHaveLength(2);
  });

  it('stop, then go at once: the first search gives its move before the second starts', async () => {
    const { say, search, runner, lines } = serve();
    runner.becomeReady();
    await say(['go infinite'], 0);
    const s = await search(0);
    s.endsOnStop = false;
    await say(['stop', 'go depth 2'], 0);
    expect(s.stopped).toBe(true);
    expect(runner.searches).toHaveLength(1);
    s.finish('t2');
    expect((await search(1)).job.limits).toEqual({ depth: 2 });
    expect(lines).toEqual([FINAL_T2, 'bestmove t2']);
  });

  it('go infinite: a search that ends on its own keeps its move until stop', async () => {
    const { say, search, runner, lines } = serve();
    runner.becomeReady();
    await say(['go infinite depth 3'], 0);
    const s = await search(0);
    s.finish('t3');
    await say(['isready'], 2);
    expect(lines).toEqual(['info depth 2 seldepth 3 score cp 100 nodes 50 nps 10000 time 5 pv t3', 'readyok']);
    expect(await say(['stop'], 1)).toEqual(['bestmove t3']);
    expect(s.stopped).toBe(false);
  });

  it('go while searching is refused and the search goes on; isready is answered while it thinks', async () => {
    const { say, search, runner } = serve();
    runner.becomeReady();
    await say(['go movetime 1000'], 0);
    const s = await search(0);
    expect(await say(['go depth 2', 'isready'], 2)).toEqual(['info string error Busy: a search is running: stop it first', 'readyok']);
    s.finish('t2');
    expect(await say([], 2)).toEqual([FINAL_T2, 'bestmove t2']);
    expect(runner.searches).toHaveLength(1);
  });

  it.each([
    ['xyzzy', 'UnknownCommand'],
    ['go depth 0', 'BadNumber'],
    ['go wtime 100', 'UnknownLimit'],
    ['setoption name Hash value 16', 'UnknownOption'],
    ['setoption name Level value 11', 'BadOptionValue'],
    ['setoption name Level value 0', 'BadOptionValue'],
    ['setoption name Level', 'BadOptionValue'],
    ['isready now', 'BadArguments'],
  ])('%j: info string error %s, and nothing changes', async (line, code) => {
    const { say, search, runner } = serve();
    runner.becomeReady();
    await say(['setoption name Level value 4', 'position 7 b'], 0);
    const [said] = await say([line], 1);
    expect(said).toMatch(new RegExp(`^info string error ${code}: \\S`));
    await say(['go depth 1'], 0);
    expect((await search(0)).job).toMatchObject({ position: '7 b', level: 4, seed: 0, limits: { depth: 1 } });
  });

  it.each([
    ['position 7 c', 'BadPosition'],
    ['position 7 a moves t9', 'BadMove'],
    ['position 2 a moves t3', 'IllegalMove'],
    ['position 2 a moves t2 t1', 'GameOver'],
  ])('%j is refused (%s): go then answers no move rather than search another position', async (line, code) => {
    const { say, search, runner } = serve();
    runner.becomeReady();
    await say(['position 7 b'], 0);
    const [said] = await say([line], 1);
    expect(said).toMatch(new RegExp(`^info string error ${code}: .*; no search until a position is taken$`));
    expect(await say(['go depth 1'], 2)).toEqual([expect.stringMatching(/^info string error NoPosition: /), 'bestmove (none)']);
    await say(['position 5 a', 'go depth 1'], 0);
    expect((await search(0)).job).toMatchObject({ position: '5 a' });
  });

  it('empty lines are skipped without a word', async () => {
    const { say, runner, lines } = serve();
    runner.becomeReady();
    await say(['', '   ', 'isready'], 1);
    expect(lines).toEqual(['readyok']);
  });

  it('quit ends the server (a running search is stopped, its move unsaid); stop() stops the runner', async () => {
    const { say, search, runner, server, lines } = serve();
    runner.becomeReady();
    await say(['go'], 0);
    const s = await search(0);
    server.hear('quit');
    expect(await server.ended).toBe('quit');
    expect(s.stopped).toBe(true);
    server.hear('isready');
    await server.stop();
    await server.stop();
    expect(runner.stopped).toBe(true);
    expect(lines).toEqual([]);
  });

  it('the end of the input: a search with limits gives its move, then the server ends', async () => {
    const { search, runner, server, lines } = serve();
    runner.becomeReady();
    server.hear('go depth 3');
    server.endOfInput();
    const s = await search(0);
    s.finish('t2');
    expect(await server.ended).toBe('quit');
    expect(lines).toEqual([FINAL_T2, 'bestmove t2']);
    expect(s.stopped).toBe(false);
  });

  it.each(['go', 'go infinite', 'go infinite depth 3'])('the end of the input stops a search only stop ends (%s)', async (go) => {
    const { search, runner, server, lines } = serve();
    runner.becomeReady();
    server.hear(go);
    server.endOfInput();
    const s = await search(0);
    expect(await server.ended).toBe('quit');
    expect(s.stopped).toBe(true);
    expect(lines).toEqual(['info depth 2 seldepth 3 score cp 100 nodes 50 nps 10000 time 5 pv t1', 'bestmove t1']);
  });

  it('a runner that cannot start, or a search that fails, is said and ends the server as failed', async () => {
    const a = serve();
    a.runner.becomeReady(err({ code: 'SearchFailed', message: 'the worker would not load' }));
    expect(await a.server.ended).toBe('failed');
    expect(a.lines).toEqual(['info string error SearchFailed: the worker would not load']);

    const b = serve();
    b.runner.becomeReady();
    await b.say(['go'], 0);
    (await b.search(0)).fail('the worker died');
    expect(await b.server.ended).toBe('failed');
    expect(b.lines).toEqual(['info string error SearchFailed: the worker died']);
  });
});
