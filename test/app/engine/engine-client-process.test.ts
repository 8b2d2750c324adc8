/**
 * The engine client driving a real process (test/support/fake-engine.ts, another program
 * than the engine's own server): spawned from a command line, asked for moves, and each way
 * a process fails (dies, cannot start, stays silent, ignores quit) a coded problem, on real
 * time with short bounds.
 */
import { describe, expect, it } from 'vitest';
import { EngineClient, EngineStartError, type EngineClientOptions } from '../../../src/app/engine/engine-client.ts';
import { err, ok } from '../../../src/util/result.ts';

/** The fake engine's command line, as a user would type it (quoted: the path may hold spaces). */
const FAKE = `'${process.execPath}' --import tsx test/support/fake-engine.ts`;

const client = (flags: string, options: Partial<EngineClientOptions> = {}) =>
  new EngineClient({ command: `${FAKE} ${flags}`, rules: 'take-away', handshakeMs: 30_000, ...options });

describe('EngineClient with a real process', () => {
  it('plays take-away: the winning moves, then bestmove (none) once the pile is gone; quit ends it', async () => {
    // A generous grace: this test is about the moves, not the bound (a busy machine may stall a second).
    const c = client('', { level: 5, graceMs: 30_000 });
    await c.start();
    try {
      expect(c.identity).toMatchObject({ name: 'Fake Engine', rules: 'take-away' });
      expect(await c.bestMove('10 a', [], { movetimeMs: 100 })).toMatchObject(ok({ move: 't2', info: { depth: 1, pv: ['t2'] } }));
      expect(await c.bestMove('10 a', ['t2', 't1'], { depth: 3 })).toMatchObject(ok({ move: 't3' }));
      expect(await c.bestMove('3 b', ['t3'], { depth: 3 })).toEqual(ok({ move: undefined, info: expect.anything() }));
    } finally {
      await c.stop();
    }
    expect(await c.bestMove('10 a', [], { depth: 1 })).toMatchObject(err({ code: 'NotRunning' }));
  });

  it('a program that dies on go: EngineDied, with its exit code and last words', async () => {
    const c = client('--die-on-go');
    await c.start();
    expect(await c.bestMove('10 a', [], { depth: 2 })).toEqual(
      err({ code: 'EngineDied', message: 'it ended: it exited with code 3; its last words: out of memory' }),
    );
    await c.stop();
  });

  it('a program that is not there: start fails with EngineDied', async () => {
    const c = new EngineClient({ command: '/nonexistent/senryaku-engine --x', rules: 'take-away' });
    const failure = await c.start().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(EngineStartError);
    expect((failure as EngineStartError).problem).toEqual({
      code: 'EngineDied',
      message: expect.stringMatching(/^it ended: it could not start \(spawn \/nonexistent\/senryaku-engine ENOENT\)/),
    });
  });

  it("a program that fails as it starts: EngineDied quoting its error, not its runtime's footer", async () => {
    const c = new EngineClient({
      command: `'${process.execPath}' test/support/no-such-engine.js`,
      rules: 'take-away',
      handshakeMs: 30_000,
    });
    await expect(c.start()).rejects.toMatchObject({
      problem: {
        code: 'EngineDied',
        message: expect.stringMatching(/exited with code 1; its last words: Error: Cannot find module .*no-such-engine\.js/),
      },
    });
  });

  it('a program of another game is refused at start, and ended', async () => {
    const c = client('--rules surakarta');
    await expect(c.start()).rejects.toMatchObject({ problem: { code: 'WrongRules' } });
    expect(await c.bestMove('10 a', [], { depth: 1 })).toMatchObject(err({ code: 'NotRunning' }));
  });

  it('a program silent on go: Timeout after movetime + grace, and it is killed', async () => {
    const c = client('--silent-go --ignore-quit', { graceMs: 300 });
    await c.start();
    expect(await c.bestMove('10 a', [], { movetimeMs: 100 })).toEqual(
      err({ code: 'Timeout', message: 'the program did not say bestmove within 400 ms' }),
    );
    // Resolves only once the process has gone: it ignores quit, so it was killed.
    await c.stop();
  });

  it('a program that ignores quit is killed after quitMs', async () => {
    const c = client('--ignore-quit', { quitMs: 200 });
    await c.start();
    await c.stop();
    expect(await c.bestMove('10 a', [], { depth: 1 })).toMatchObject(err({ code: 'NotRunning' }));
  });
});
