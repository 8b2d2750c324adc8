/**
 * The project's own engine as the advisor, in its worker thread (started from the sources):
 * a legal move for each game that has an engine, asks in order, a cancelled ask settles at
 * once and stops its search, the same position gives the same move, a bad position is a coded
 * failure, and nothing starts the thread before the first ask.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { OwnEngineAdvisor } from '../../../src/app/computer/own-engine-advisor.ts';
import { WorkerSearchRunner } from '../../../src/app/engine/worker-search-runner.ts';
import type { SearchRunner } from '../../../src/app/engine/search-runner.ts';
import { BUILT_IN_RULESETS } from '../../../src/games/registry.ts';
import { until } from '../../wait.ts';

const advisors: OwnEngineAdvisor[] = [];
const advisor = (rules: string, runner: SearchRunner = new WorkerSearchRunner(rules)) => {
  const a = new OwnEngineAdvisor(runner, 7);
  advisors.push(a);
  return a;
};
afterEach(async () => {
  await Promise.all(advisors.splice(0).map((a) => a.stop()));
});

const legalIn = (rules: string, position: string): string[] => {
  const game = BUILT_IN_RULESETS.byId(rules);
  if (!game.ok) throw new Error(game.error.message);
  const tools = game.value.position(position);
  return tools.ok ? tools.value.moves().map((m) => m.notation) : [];
};

describe('OwnEngineAdvisor', () => {
  it.each(BUILT_IN_RULESETS.all.filter((g) => g.engine).map((g) => g.id))('%s: a legal move of the start position', async (id) => {
    const game = BUILT_IN_RULESETS.byId(id);
    if (!game.ok) throw new Error(game.error.message);
    const a = advisor(id);
    await a.start();
    const answer = await a.ask({ position: game.value.startPosition, level: 3, movetimeMs: 5000 }).done;
    if (!answer.ok) throw new Error(answer.error.message);
    expect(legalIn(id, game.value.startPosition)).toContain(answer.value);
  });

  it('asks run in order; the same position gives the same move; a cancelled ask settles Cancelled', async () => {
    const game = BUILT_IN_RULESETS.all.find((g) => g.engine)!;
    const a = advisor(game.id);
    const first = a.ask({ position: game.startPosition, level: 2, movetimeMs: 5000 });
    const withdrawn = a.ask({ position: game.startPosition, level: 10, movetimeMs: 60_000 });
    const again = a.ask({ position: game.startPosition, level: 2, movetimeMs: 5000 });
    withdrawn.cancel();
    const [one, none, two] = await Promise.all([first.done, withdrawn.done, again.done]);
    expect(none).toEqual({ ok: false, error: { code: 'Cancelled', message: expect.any(String) } });
    if (!one.ok || !two.ok) throw new Error('an ask failed');
    expect(two.value).toBe(one.value);
  });

  it('cancelling an ask whose search runs stops that search: the next ask is answered', async () => {
    const game = BUILT_IN_RULESETS.all.find((g) => g.engine)!;
    const inner = new WorkerSearchRunner(game.id);
    let searching = 0;
    const runner: SearchRunner = {
      start: () => inner.start(),
      search: (job, onInfo) => {
        searching++;
        return inner.search(job, onInfo);
      },
      newGame: () => inner.newGame(),
      stop: () => inner.stop(),
    };
    const a = advisor(game.id, runner);
    const long = a.ask({ position: game.startPosition, level: 10, movetimeMs: 600_000 });
    await until('the search runs', () => searching === 1);
    long.cancel();
    expect((await long.done).ok).toBe(false);
    // Were the search not stopped, this would wait for its ten minutes (and the test's bound).
    const next = await a.ask({ position: game.startPosition, level: 1, movetimeMs: 1000 }).done;
    expect(next.ok).toBe(true);
  });

  it('a position the engine cannot read is EngineFailed, and the next ask still answers', async () => {
    const game = BUILT_IN_RULESETS.all.find((g) => g.engine)!;
    const a = advisor(game.id);
    const bad = await a.ask({ position: 'no such position', level: 1, movetimeMs: 1000 }).done;
    expect(bad.ok ? bad : bad.error.code).toBe('EngineFailed');
    const good = await a.ask({ position: game.startPosition, level: 1, movetimeMs: 1000 }).done;
    expect(good.ok).toBe(true);
  });

  it('starts its thread at the first ask only, and a thread that cannot start fails the ask', async () => {
    let starts = 0;
    const runner: SearchRunner = {
      start: () => {
        starts++;
        return Promise.resolve({ ok: false, error: { code: 'SearchFailed', message: 'no thread today' } });
      },
      search: () => {
        throw new Error('never reached');
      },
      newGame: () => {},
      stop: async () => {},
    };
    const a = advisor('surakarta', runner);
    await a.start();
    expect(starts).toBe(0);
    const answer = await a.ask({ position: 'x', level: 1, movetimeMs: 10 }).done;
    expect(answer).toEqual({ ok: false, error: { code: 'EngineFailed', message: 'no thread today' } });
    expect(starts).toBe(1);
  });

  it('told the game so far, it does not play back into a position the game has had: the move it would play otherwise', async () => {
    // Surakarta: both sides stepped out and back; a2-b3 again would repeat the position after the first move.
    const game = BUILT_IN_RULESETS.byId('surakarta');
    if (!game.ok) throw new Error(game.error.message);
    const position = game.value.startPosition;
    const moves = ['a2-b3', 'a5-a4', 'b3-a2', 'a4-a5'];
    // Level 6: a node budget, no chance in it (the same move on any machine); each ask its own thread, so no table is shared.
    const alone = await advisor('surakarta').ask({ position, level: 6, movetimeMs: 60_000 }).done;
    const told = await advisor('surakarta').ask({ position, level: 6, movetimeMs: 60_000, game: { start: position, moves } }).done;
    expect(alone).toEqual({ ok: true, value: 'a2-b3' });
    expect(told.ok).toBe(true);
    expect(told.ok && told.value).not.toBe('a2-b3');
    expect(legalIn('surakarta', position)).toContain(told.ok && told.value);
  });
});
