/**
 * The advisor over a real program: `senryaku engine` itself as `--engine` would run it (legal
 * moves at two levels, a long search cancelled), and the fake engine's failures (a program
 * that dies, an illegal answer) as coded problems, the advisor refusing later asks with why.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Advisor } from '../../src/app/computer/advisor.ts';
import { createAdvisor } from '../../src/app/computer/create-advisor.ts';
import { ProgramAdvisor } from '../../src/app/computer/program-advisor.ts';
import { EngineClient } from '../../src/app/engine/engine-client.ts';
import { BUILT_IN_RULESETS } from '../../src/games/registry.ts';
import { err } from '../../src/util/result.ts';

const FAKE = `'${process.execPath}' --import tsx test/support/fake-engine.ts`;
const SURAKARTA = BUILT_IN_RULESETS.byId('surakarta');
if (!SURAKARTA.ok) throw new Error(SURAKARTA.error.message);
const game = SURAKARTA.value;
const legal = (() => {
  const tools = game.position(game.startPosition);
  return tools.ok ? tools.value.moves().map((m) => m.notation) : [];
})();

const advisors: Advisor[] = [];
afterEach(async () => {
  await Promise.all(advisors.splice(0).map((a) => a.stop()));
});

describe('the advisor over an engine program', { timeout: 120_000 }, () => {
  it('senryaku engine as --engine: legal moves at level 1 and level 10; a long search cancelled, the next answered', async () => {
    const advisor = createAdvisor(game, undefined, `'${process.execPath}' bin/senryaku.js engine --rules surakarta`, 3)!;
    advisors.push(advisor);
    expect(advisor.name).toMatch(/^the engine program '/);
    await advisor.start();
    for (const level of [1, 10] as const) {
      const answer = await advisor.ask({ position: game.startPosition, level, movetimeMs: 300 }).done;
      expect(answer.ok && legal.includes(answer.value)).toBe(true);
    }
    const long = advisor.ask({ position: game.startPosition, level: 10, movetimeMs: 600_000 });
    const next = advisor.ask({ position: game.startPosition, level: 2, movetimeMs: 300 });
    long.cancel();
    expect(await long.done).toMatchObject(err({ code: 'Cancelled' }));
    // The program heard `stop`: else this would wait the ten minutes (and the test's bound).
    const answer = await next.done;
    expect(answer.ok && legal.includes(answer.value)).toBe(true);
  });

  it('a program that dies on go: EngineFailed with its last words; every later ask says it is gone', async () => {
    const client = new EngineClient({ command: `${FAKE} --die-on-go`, rules: 'take-away', handshakeMs: 30_000 });
    const advisor = new ProgramAdvisor(client, 'fake --die-on-go');
    advisors.push(advisor);
    await advisor.start();
    expect(await advisor.ask({ position: '10 a', level: 5, movetimeMs: 100 }).done).toEqual(
      err({ code: 'EngineFailed', message: 'EngineDied: it ended: it exited with code 3; its last words: out of memory' }),
    );
    expect(await advisor.ask({ position: '10 a', level: 5, movetimeMs: 100 }).done).toMatchObject(
      err({
        code: 'EngineFailed',
        message: expect.stringMatching(/^NotRunning: the program is not running: it ended: it exited with code 3/),
      }),
    );
  });

  it('an illegal answer is EngineFailed (IllegalMove); a program without a Level option is refused the level', async () => {
    const client = new EngineClient({
      command: FAKE,
      rules: 'take-away',
      handshakeMs: 30_000,
      graceMs: 30_000,
      checkMove: () => err('not a legal move there'),
    });
    const advisor = new ProgramAdvisor(client, 'fake');
    advisors.push(advisor);
    await advisor.start();
    expect(await advisor.ask({ position: '10 a', level: 5, movetimeMs: 100 }).done).toEqual(
      err({ code: 'EngineFailed', message: 'IllegalMove: the program answered t2: not a legal move there' }),
    );
    const noLevel = new ProgramAdvisor(new EngineClient({ command: `${FAKE} --no-level`, rules: 'take-away', handshakeMs: 30_000 }), 'x');
    advisors.push(noLevel);
    await noLevel.start();
    expect(await noLevel.ask({ position: '10 a', level: 5, movetimeMs: 100 }).done).toMatchObject(
      err({ code: 'EngineFailed', message: expect.stringMatching(/^NoLevelOption: /) }),
    );
  });
});
