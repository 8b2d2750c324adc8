/**
 * The search in its worker thread, started from the sources (tsx inside the worker): a game's
 * engine found by id, info streamed as each depth completes, stop through the shared flag,
 * a failed job said as such, a game the worker cannot search refused at start, and the search
 * on the board profile it was given.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { WorkerSearchRunner } from '../../../src/app/engine/worker-search-runner.ts';
import type { SearchInfo } from '../../../src/engine/types.ts';
import { BUILT_IN_RULESETS } from '../../../src/games/registry.ts';
import { err } from '../../../src/util/result.ts';
import { CAPTURE_OR_CRASH, LIGHT_PROFILE } from '../../games/senryaku/light-board.ts';
import { until } from '../../wait.ts';

const GAME = BUILT_IN_RULESETS.all.find((g) => g.engine !== undefined)!;
const LEGAL = (() => {
  const tools = GAME.position(GAME.startPosition);
  return tools.ok ? tools.value.moves().map((m) => m.notation) : [];
})();

const runners: WorkerSearchRunner[] = [];
const runner = (rules: string, profile?: unknown) => {
  const r = new WorkerSearchRunner(rules, profile);
  runners.push(r);
  return r;
};
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
});

describe('WorkerSearchRunner', () => {
  it("a job's moves are the search's history: it does not play back into a position they passed through", async () => {
    // Surakarta: both sides stepped out and back (the start again); a2-b3 again would repeat the position after the first.
    const start = BUILT_IN_RULESETS.byId('surakarta');
    if (!start.ok) throw new Error(start.error.message);
    const position = start.value.startPosition;
    const job = (moves: readonly string[]) => ({ position, moves, limits: { movetimeMs: 60_000 }, level: 6 as const, seed: 1 });
    // Each search its own thread: no transposition table shared between them.
    const searched = async (moves: readonly string[]) => {
      const r = runner('surakarta');
      await r.start();
      return r.search(job(moves), () => {}).done;
    };
    const alone = await searched([]);
    const told = await searched(['a2-b3', 'a5-a4', 'b3-a2', 'a4-a5']);
    if (!alone.ok || !told.ok) throw new Error('the search failed');
    expect(alone.value.bestMove).toBe('a2-b3');
    expect(told.value.bestMove).not.toBe('a2-b3');
    expect(told.value.bestMove).toBeDefined();
  });

  it('searches in its thread: info for each depth, then a legal move', async () => {
    const r = runner(GAME.id);
    expect(await r.start()).toEqual({ ok: true, value: undefined });
    const infos: SearchInfo[] = [];
    const search = r.search({ position: GAME.startPosition, moves: [], limits: { depth: 3 }, level: 10, seed: 1 }, (i) => infos.push(i));
    const outcome = await search.done;
    if (!outcome.ok) throw new Error(outcome.error.message);
    expect(infos.map((i) => i.depth)).toEqual([1, 2, 3]);
    expect(LEGAL).toContain(outcome.value.bestMove);
  });

  it('stop reaches a running search through the shared flag: it answers its best so far', async () => {
    const r = runner(GAME.id);
    await r.start();
    const infos: SearchInfo[] = [];
    const search = r.search({ position: GAME.startPosition, moves: [], limits: {}, level: 10, seed: 1 }, (i) => infos.push(i));
    await until('the first depth', () => infos.length > 0);
    search.stop();
    const outcome = await search.done;
    if (!outcome.ok) throw new Error(outcome.error.message);
    expect(LEGAL).toContain(outcome.value.bestMove);
    // The flag is cleared for the next search, which runs to its depth.
    r.newGame();
    const next = await r.search({ position: GAME.startPosition, moves: [], limits: { depth: 2 }, level: 10, seed: 1 }, () => {}).done;
    expect(next.ok && next.value.info.depth).toBe(2);
  });

  it('a job its game refuses fails that search only', async () => {
    const r = runner(GAME.id);
    await r.start();
    const bad = await r.search({ position: 'not a position', moves: [], limits: { depth: 1 }, level: 10, seed: 1 }, () => {}).done;
    expect(bad).toEqual(err({ code: 'SearchFailed', message: expect.stringMatching(/^the search failed: BadPosition: /) }));
    const good = await r.search({ position: GAME.startPosition, moves: [], limits: { depth: 1 }, level: 10, seed: 1 }, () => {}).done;
    expect(good.ok).toBe(true);
  });

  it('a game it cannot find: start fails with the registry’s word; once stopped, a search fails at once', async () => {
    expect(await runner('chess').start()).toEqual(err({ code: 'SearchFailed', message: expect.stringContaining('chess') }));
    const r = runner(GAME.id);
    await r.start();
    await r.stop();
    const after = await r.search({ position: GAME.startPosition, moves: [], limits: { depth: 1 }, level: 10, seed: 1 }, () => {}).done;
    expect(after).toEqual(err({ code: 'SearchFailed', message: 'the search was stopped' }));
  });

  it("searches on the board it was given: no capture that crashes that board, which the reference board's would play", async () => {
    const job = { ...CAPTURE_OR_CRASH, moves: [], limits: { depth: 3 }, level: 10 as const, seed: 1 };
    const onReference = runner('senryaku');
    const onLight = runner('senryaku', LIGHT_PROFILE);
    await Promise.all([onReference.start(), onLight.start()]);
    const [reference, light] = await Promise.all([onReference.search(job, () => {}).done, onLight.search(job, () => {}).done]);
    if (!reference.ok || !light.ok) throw new Error('the search failed');
    expect(reference.value.bestMove).toBe(CAPTURE_OR_CRASH.move);
    expect(light.value.bestMove).toBeDefined();
    expect(light.value.bestMove).not.toBe(CAPTURE_OR_CRASH.move);
  });

  it('a board profile its game cannot read: start fails saying why', async () => {
    expect(await runner('senryaku', { boardMass: 'heavy' }).start()).toEqual(
      err({ code: 'SearchFailed', message: 'board profile: boardMass must be a number' }),
    );
  });
});
