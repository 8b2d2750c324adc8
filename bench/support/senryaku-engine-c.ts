/**
 * The C build of Senryaku's engine search (bench/c/senryaku-engine.c): compiled with gcc -O2 once
 * per source text into the temporary directory, fed positions in the rules core's cells, its
 * answers read back in the engine's terms (the move in the game's notation, the score as the
 * protocol reports it). bench/engine-c.ts times it against the TypeScript Searcher; a test checks
 * it against the stored engine fixture, so that the two stay the same algorithm.
 */
import { execFileSync } from 'node:child_process';
import { scoreOf } from '../../src/engine/score.ts';
import type { Score } from '../../src/engine/types.ts';
import { SENRYAKU_ENGINE } from '../../src/games/senryaku/engine/engine-game.ts';
import { DEFAULT_MODEL, parseSpn, type BalanceModel } from '../../src/games/senryaku/rules/index.ts';
import type { Result } from '../../src/util/result.ts';
import { buildC } from './build-c.ts';

const SOURCE = new URL('../c/senryaku-engine.c', import.meta.url).pathname;

/** The executable built from the source as it is now (a cached build when the source has not changed), or why there is none. */
export const buildEngineC = (): Result<string, string> => buildC(SOURCE);

/** The balance model as the C program's arguments. */
const modelArgs = (model: BalanceModel): string[] => [
  String(model.boardMass),
  String(model.halfGap),
  ...Array.from(model.massByCell.subarray(1), String),
];

/** An SPN as the C program's `CELLS TURN LOCK_WHITE LOCK_BLACK`. */
function positionArgs(spn: string): string {
  const parsed = parseSpn(spn);
  if (!parsed.ok) throw new Error(`bad SPN '${spn}': ${parsed.error.message}`);
  const p = parsed.value;
  return `${Array.from(p.board).join('')} ${p.turn === 'white' ? 0 : 1} ${p.locked.white ?? -1} ${p.locked.black ?? -1}`;
}

export interface CSearch {
  readonly bestMove: string | undefined;
  readonly score: Score;
  readonly nodes: number;
  readonly cpuSeconds: number;
}

export interface CEval {
  readonly score: number;
  readonly keyLow: number;
  readonly keyHigh: number;
}

/** A search or an evaluation of the C build, one command a line. */
export type CQuery =
  | { readonly kind: 'search'; readonly position: string; readonly depth: number; readonly tableBits: number }
  | { readonly kind: 'eval'; readonly position: string };

/** Runs the queries in one process of the C build (on the default board unless `model` is given); one answer per query. */
export function runEngineC(exe: string, queries: readonly CQuery[], model: BalanceModel = DEFAULT_MODEL): (CSearch | CEval)[] {
  const input = queries
    .map((q) => (q.kind === 'search' ? `search ${positionArgs(q.position)} ${q.depth} ${q.tableBits}` : `eval ${positionArgs(q.position)}`))
    .join('\n');
  const out = execFileSync(exe, modelArgs(model), { input: `${input}\n`, encoding: 'utf8', maxBuffer: 64 << 20 });
  const lines = out.trimEnd().split('\n');
  if (lines.length !== queries.length) throw new Error(`the C build answered ${lines.length} of ${queries.length} queries`);
  return queries.map((q, i) => {
    const fields = lines[i]!.split(' ').map(Number);
    if (q.kind === 'eval') return { score: fields[0]!, keyLow: fields[1]!, keyHigh: fields[2]! };
    const [move, score, nodes, cpuSeconds] = fields as [number, number, number, number];
    const board = SENRYAKU_ENGINE.load(q.position, []);
    if (!board.ok) throw new Error(board.error.message);
    const bestMove = move < 0 ? undefined : SENRYAKU_ENGINE.formatMove(board.value, move);
    return { bestMove, score: scoreOf(score + 0), nodes, cpuSeconds };
  });
}

/** The table size of the fixture's searches (test/engine/board-helpers.ts searchAt: `search`, a table of 2^16 slots). */
export const FIXTURE_TABLE_BITS = 16;

/**
 * A C build's line for each of a game's engine fixture lines (test/engine/fixtures/<game>-engine.txt),
 * written as the fixture writes them: equal lines are the same evaluation, key or search.
 * `positionWords`: how many words of a line after its kind are the position.
 */
export function fixtureLinesOf(
  fixture: readonly string[],
  positionWords: number,
  run: (queries: CQuery[]) => (CEval | CSearch)[],
): string[] {
  const queries: CQuery[] = fixture.map((line) => {
    const f = line.split(' ');
    const position = f.slice(1, 1 + positionWords).join(' ');
    if (f[0] === 'eval') return { kind: 'eval', position };
    if (f[0] === 'search') return { kind: 'search', position, depth: Number(f[1 + positionWords]), tableBits: FIXTURE_TABLE_BITS };
    throw new Error(`not a fixture line: ${line}`);
  });
  const answers = run(queries);
  return queries.map((q, i) => {
    const a = answers[i]!;
    if (q.kind === 'eval') {
      const e = a as CEval;
      return `eval ${q.position} ${e.score} ${e.keyLow} ${e.keyHigh}`;
    }
    const s = a as CSearch;
    return `search ${q.position} ${q.depth} ${s.bestMove ?? '(none)'} ${JSON.stringify(s.score)} ${s.nodes}`;
  });
}

/** Senryaku's fixture (an SPN position is four words) through the C build. */
export const fixtureLinesOfC = (exe: string, fixture: readonly string[]): string[] =>
  fixtureLinesOf(fixture, 4, (queries) => runEngineC(exe, queries));
