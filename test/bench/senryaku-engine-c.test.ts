import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { FIXTURE_TABLE_BITS, buildEngineC, fixtureLinesOfC, runEngineC, type CSearch } from '../../bench/support/senryaku-engine-c.ts';
import { SENRYAKU_ENGINE } from '../../src/games/senryaku/engine/engine-game.ts';
import { searchAt } from '../engine/board-helpers.ts';
import { readFixture } from '../engine/engine-fixture.ts';

// gcc builds the simavr harness too, so CI has it (.ci/run); elsewhere a missing gcc skips with a note.
const noGcc = spawnSync('gcc', ['--version'], { stdio: 'ignore' }).error !== undefined && process.env.CI !== 'true';
if (noGcc) console.warn('note: the C engine tests are skipped here: gcc is not on PATH (apt-get install -y gcc)');

/** The C port is only a yardstick while it is the same algorithm: the same evaluation, keys and searches, node for node. */
describe.skipIf(noGcc)('the C build of Senryaku’s engine (bench/c/senryaku-engine.c)', () => {
  const built = (): string => {
    const exe = buildEngineC();
    if (!exe.ok) throw new Error(exe.error);
    return exe.value;
  };

  it('computes every line of the stored engine fixture: evaluations, keys, depth-5 searches', () => {
    const fixture = readFixture('senryaku');
    expect(fixture.filter((l) => l.startsWith('search ')).length).toBeGreaterThan(50);
    const c = fixtureLinesOfC(built(), fixture);
    for (let i = 0; i < fixture.length; i++) expect(c[i], `line ${i + 1}`).toBe(fixture[i]);
  }, 60_000);

  it('searches as the TypeScript Searcher does at other depths: move, score and node count', () => {
    const exe = built();
    // Every tenth of the fixture's searched positions (the start among them), at depths 1 to 4 and 6.
    const positions = readFixture('senryaku')
      .filter((l) => l.startsWith('search '))
      .filter((_, i) => i % 10 === 0)
      .map((l) => l.split(' ').slice(1, 5).join(' '));
    const queries = positions.flatMap((position) =>
      [1, 2, 3, 4, 6].map((depth) => ({ kind: 'search' as const, position, depth, tableBits: FIXTURE_TABLE_BITS })),
    );
    const answers = runEngineC(exe, queries) as CSearch[];
    queries.forEach((q, i) => {
      const ts = searchAt(SENRYAKU_ENGINE, q.position, q.depth);
      const c = answers[i]!;
      expect({ move: c.bestMove, score: c.score, nodes: c.nodes }, `${q.position} depth ${q.depth}`).toEqual({
        move: ts.bestMove,
        score: ts.info.score,
        nodes: ts.info.nodes,
      });
    });
    expect(answers.some((a) => a.nodes > 10_000)).toBe(true);
  }, 60_000);
});
