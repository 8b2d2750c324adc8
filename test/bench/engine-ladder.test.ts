// The engine ladder's quick mode, as `npm run bench:engine -- --quick` runs it but with two games a
// pair, in one process (`--jobs 1`) and on every game with an engine (`--rules all`, Breakthrough
// too): each plays its pairs to the end, each move through the rules core (the bench stops with an
// error on any move the rules core refuses). Win rates over two games say nothing, so only the
// shape of the report is checked here; the ladder's figures are the bench's.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_RULESETS } from '../../src/games/registry.ts';
import { runCommand } from '../support/run-command.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const PAIRS = ['2 vs 1', '3 vs 2', '4 vs 3', '4 vs random-safe', '1 vs random-safe'];

describe('the engine ladder, quick', () => {
  it('plays every pair of every game with an engine to the end, by the rules', async () => {
    const run = await runCommand(
      process.execPath,
      ['--import', 'tsx', 'bench/engine.ts', '--quick', '--games', '2', '--jobs', '1', '--rules', 'all'],
      {
        cwd: root,
        timeoutMs: 600_000,
      },
    );
    expect(run.status, run.output).toBe(0);
    const games = BUILT_IN_RULESETS.all.filter((r) => r.engine);
    expect(games.length).toBeGreaterThanOrEqual(2);
    for (const game of games) {
      const section = run.stdout.split(`\n${game.name}\n`)[1]?.split('\n\n')[0] ?? '';
      for (const pair of PAIRS) expect(section, `${game.name}: ${pair}`).toMatch(new RegExp(`^${pair} +\\d+% +\\d+-\\d+-\\d+ `, 'm'));
    }
  }, 660_000);
});
