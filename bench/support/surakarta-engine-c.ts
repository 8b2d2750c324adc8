/**
 * The C build of Surakarta's engine search (bench/c/surakarta-engine.c), as
 * bench/support/senryaku-engine-c.ts has Senryaku's: built with gcc -O2 once per source text,
 * fed positions in the rules core's cells, its answers read back in the engine's terms.
 * bench/engine-c.ts times it against the TypeScript Searcher; a test checks it against the
 * stored engine fixture, so that the two stay the same algorithm.
 */
import { execFileSync } from 'node:child_process';
import { scoreOf } from '../../src/engine/score.ts';
import { SURAKARTA_ENGINE } from '../../src/games/surakarta/engine/engine-game.ts';
import { parsePosition } from '../../src/games/surakarta/rules/position-notation.ts';
import type { Result } from '../../src/util/result.ts';
import { buildC } from './build-c.ts';
import { fixtureLinesOf, type CEval, type CQuery, type CSearch } from './senryaku-engine-c.ts';

const SOURCE = new URL('../c/surakarta-engine.c', import.meta.url).pathname;

/** The executable built from the source as it is now (a cached build when the source has not changed), or why there is none. */
export const buildSurakartaEngineC = (): Result<string, string> => buildC(SOURCE);

/** A position as the C program's `CELLS TURN`. */
function positionArgs(text: string): string {
  const parsed = parsePosition(text);
  if (!parsed.ok) throw new Error(`bad position '${text}': ${parsed.error.message}`);
  return `${Array.from(parsed.value.board).join('')} ${parsed.value.turn === 'light' ? 0 : 1}`;
}

/** Runs the queries in one process of the C build; one answer per query. */
export function runSurakartaEngineC(exe: string, queries: readonly CQuery[]): (CSearch | CEval)[] {
  const input = queries
    .map((q) => (q.kind === 'search' ? `search ${positionArgs(q.position)} ${q.depth} ${q.tableBits}` : `eval ${positionArgs(q.position)}`))
    .join('\n');
  const out = execFileSync(exe, [], { input: `${input}\n`, encoding: 'utf8', maxBuffer: 64 << 20 });
  const lines = out.trimEnd().split('\n');
  if (lines.length !== queries.length) throw new Error(`the C build answered ${lines.length} of ${queries.length} queries`);
  return queries.map((q, i) => {
    const fields = lines[i]!.split(' ').map(Number);
    if (q.kind === 'eval') return { score: fields[0]!, keyLow: fields[1]!, keyHigh: fields[2]! };
    const [move, score, nodes, cpuSeconds] = fields as [number, number, number, number];
    const board = SURAKARTA_ENGINE.load(q.position, []);
    if (!board.ok) throw new Error(board.error.message);
    const bestMove = move < 0 ? undefined : SURAKARTA_ENGINE.formatMove(board.value, move);
    return { bestMove, score: scoreOf(score + 0), nodes, cpuSeconds };
  });
}

/** Surakarta's fixture (a position is two words) through the C build. */
export const surakartaFixtureLinesOfC = (exe: string, fixture: readonly string[]): string[] =>
  fixtureLinesOf(fixture, 2, (queries) => runSurakartaEngineC(exe, queries));
