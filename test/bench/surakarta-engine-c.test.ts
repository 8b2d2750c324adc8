import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { FIXTURE_TABLE_BITS, type CSearch } from '../../bench/support/senryaku-engine-c.ts';
import { buildSurakartaEngineC, runSurakartaEngineC, surakartaFixtureLinesOfC } from '../../bench/support/surakarta-engine-c.ts';
import { SURAKARTA_ENGINE } from '../../src/games/surakarta/engine/engine-game.ts';
import { searchAt } from '../engine/board-helpers.ts';
import { readFixture } from '../engine/engine-fixture.ts';

// gcc builds the simavr harness too, so CI has it (.ci/run); elsewhere a missing gcc skips with a note.
const noGcc = spawnSync('gcc', ['--version'], { stdio: 'ignore' }).error !== undefined && process.env.CI !== 'true';
if (noGcc) console.warn('note: the C engine tests are skipped here: gcc is not on PATH (apt-get install -y gcc)');

/** Light on a1 walled in (a corner is on no circuit): it must pass, and then it is lost. */
const LIGHT_MUST_PASS = '6/6/6/6/oo4/xo4 x';
/** Light has moves, but after f2-f3 b3xf3 only the walled-in a1 is left: a pass inside the search. */
const LIGHT_PASSES_IN_THE_LINE = '6/6/6/1o4/oo3x/xo4 x';

/** The C port is only a yardstick while it is the same algorithm: the same evaluation, keys and searches, node for node. */
describe.skipIf(noGcc)('the C build of Surakarta’s engine (bench/c/surakarta-engine.c)', () => {
  const built = (): string => {
    const exe = buildSurakartaEngineC();
    if (!exe.ok) throw new Error(exe.error);
    return exe.value;
  };

  it('computes every line of the stored engine fixture: evaluations, keys, depth-4 searches', () => {
    const fixture = readFixture('surakarta');
    expect(fixture.filter((l) => l.startsWith('search ')).length).toBeGreaterThan(50);
    const c = surakartaFixtureLinesOfC(built(), fixture);
    for (let i = 0; i < fixture.length; i++) expect(c[i], `line ${i + 1}`).toBe(fixture[i]);
  }, 60_000);

  it('searches as the TypeScript Searcher does at other depths, passes among them: move, score and node count', () => {
    const exe = built();
    // Every twentieth of the fixture's searched positions (the start among them) and two with a pass, at depths 1 to 4 and 6.
    const positions = [
      ...readFixture('surakarta')
        .filter((l) => l.startsWith('search '))
        .filter((_, i) => i % 20 === 0)
        .map((l) => l.split(' ').slice(1, 3).join(' ')),
      LIGHT_MUST_PASS,
      LIGHT_PASSES_IN_THE_LINE,
    ];
    const queries = positions.flatMap((position) =>
      [1, 2, 3, 4, 6].map((depth) => ({ kind: 'search' as const, position, depth, tableBits: FIXTURE_TABLE_BITS })),
    );
    const answers = runSurakartaEngineC(exe, queries) as CSearch[];
    const lines: string[] = [];
    queries.forEach((q, i) => {
      const ts = searchAt(SURAKARTA_ENGINE, q.position, q.depth);
      lines.push(ts.info.pv.join(' '));
      const c = answers[i]!;
      expect({ move: c.bestMove, score: c.score, nodes: c.nodes }, `${q.position} depth ${q.depth}`).toEqual({
        move: ts.bestMove,
        score: ts.info.score,
        nodes: ts.info.nodes,
      });
    });
    expect(answers.some((a) => a.nodes > 10_000)).toBe(true);
    // The pass is searched: as the only move at the root, and inside a line.
    expect(answers[queries.findIndex((q) => q.position === LIGHT_MUST_PASS)]!.bestMove).toBe('--');
    expect(lines.some((pv, i) => queries[i]!.position === LIGHT_PASSES_IN_THE_LINE && pv.split(' ').slice(1).includes('--'))).toBe(true);
  }, 60_000);
});
