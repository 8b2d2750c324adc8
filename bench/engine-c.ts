/**
 * The engine's nodes per second against the same algorithm in C (bench/c/senryaku-engine.c,
 * bench/c/surakarta-engine.c, gcc -O2: the same search, table, ordering, quiescence, search board
 * and evaluation, node for node). Level 10 to a fixed depth with a fresh table (2^18 slots, a new
 * Searcher's) from the positions bench/engine-nps.ts searches. The two take turns, ROUNDS times
 * (the first of each pair alternating); each figure is CPU time (TypeScript: process.cpuUsage
 * around each search in this process, after a warm-up; C: its own CLOCK_PROCESS_CPUTIME_ID around
 * each search), so a busy machine slows both alike and the ratio holds. Both must find the same
 * moves, scores and node counts: a difference is printed and the exit status is 1.
 *
 * Usage: npm run bench:engine-c [-- [--rules senryaku|surakarta] [--depth N] [--rounds N]]
 */
import { loadavg } from 'node:os';
import { DEFAULT_TABLE_BITS, Searcher } from '../src/engine/search.ts';
import type { EngineGame } from '../src/engine/types.ts';
import { SENRYAKU_ENGINE } from '../src/games/senryaku/engine/engine-game.ts';
import { SURAKARTA_ENGINE } from '../src/games/surakarta/engine/engine-game.ts';
import type { Result } from '../src/util/result.ts';
import { buildEngineC, runEngineC, type CEval, type CQuery, type CSearch } from './support/senryaku-engine-c.ts';
import { buildSurakartaEngineC, runSurakartaEngineC } from './support/surakarta-engine-c.ts';

interface Game {
  readonly engine: EngineGame;
  /** bench/engine-nps.ts's positions for the game. */
  readonly positions: readonly string[];
  readonly source: string;
  readonly build: () => Result<string, string>;
  readonly run: (exe: string, queries: readonly CQuery[]) => (CSearch | CEval)[];
}

const GAMES: Readonly<Record<'senryaku' | 'surakarta', Game>> = {
  senryaku: {
    engine: SENRYAKU_ENGINE,
    // The start and two middle games with locks.
    positions: ['bbbBbbb/7/7/7/7/wwwWwww w - -', '1bB2b1/b1b1bb1/7/6w/wwW1w2/w4w1 w f1 f5', 'b4bb/3B2b/1bb4/2w3w/ww1w3/3W1w1 w g3 c4'],
    source: 'bench/c/senryaku-engine.c',
    build: buildEngineC,
    run: (exe, queries) => runEngineC(exe, queries),
  },
  surakarta: {
    engine: SURAKARTA_ENGINE,
    // The start and one after four moves.
    positions: ['oooooo/oooooo/6/6/xxxxxx/xxxxxx x', 'oooooo/1ooooo/o5/4x1/xxx1xx/xxxxxx x'],
    source: 'bench/c/surakarta-engine.c',
    build: buildSurakartaEngineC,
    run: runSurakartaEngineC,
  },
};

const args = process.argv.slice(2);
const take = (flag: string): string | undefined => {
  const at = args.indexOf(flag);
  return at < 0 ? undefined : args.splice(at, 2)[1];
};
const rules = take('--rules') ?? 'senryaku';
const depth = Number(take('--depth') ?? 7);
const rounds = Number(take('--rounds') ?? 5);
if (args.length > 0 || !(rules in GAMES) || !Number.isInteger(depth) || depth < 1 || !Number.isInteger(rounds) || rounds < 1) {
  console.error('usage: npm run bench:engine-c [-- [--rules senryaku|surakarta] [--depth N] [--rounds N]]');
  process.exit(2);
}
const game = GAMES[rules as keyof typeof GAMES];
const POSITIONS = game.positions;
const exe = game.build();
if (!exe.ok) {
  console.error(`no C build: ${exe.error}`);
  process.exit(2);
}

interface Run {
  readonly nodes: number;
  readonly seconds: number;
  /** Each position's best move, score and node count. */
  readonly found: string;
}

const cpuSeconds = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

function runTypeScript(): Run {
  let nodes = 0;
  let seconds = 0;
  const found: string[] = [];
  for (const position of POSITIONS) {
    const board = game.engine.load(position, []);
    if (!board.ok) throw new Error(board.error.message);
    const c0 = cpuSeconds();
    const out = new Searcher().search(game.engine, board.value, { depth }, { level: 10, seed: 1, now: () => 0 });
    seconds += cpuSeconds() - c0;
    nodes += out.info.nodes;
    found.push(`${out.bestMove ?? '(none)'} ${JSON.stringify(out.info.score)} ${out.info.nodes}`);
  }
  return { nodes, seconds, found: found.join(', ') };
}

function runC(path: string): Run {
  const queries = POSITIONS.map((position) => ({ kind: 'search' as const, position, depth, tableBits: DEFAULT_TABLE_BITS }));
  const answers = game.run(path, queries) as CSearch[];
  return {
    nodes: answers.reduce((n, a) => n + a.nodes, 0),
    seconds: answers.reduce((s, a) => s + a.cpuSeconds, 0),
    found: answers.map((a) => `${a.bestMove ?? '(none)'} ${JSON.stringify(a.score)} ${a.nodes}`).join(', '),
  };
}

const rate = (r: Run): number => r.nodes / r.seconds;
const fmt = (n: number): string => `${(n / 1e6).toFixed(2)} M nodes/s`;
const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[(xs.length - 1) >> 1]!;
const load = (): string => loadavg()[0]!.toFixed(1);

runTypeScript(); // warm the JIT
const loadBefore = load();
console.log(`${rules} depth ${depth}, ${POSITIONS.length} positions, ${rounds} paired rounds, nodes/s on CPU time`);
const ratios: number[] = [];
const tsRates: number[] = [];
const cRates: number[] = [];
let differs = false;
let nodes = 0;
for (let round = 1; round <= rounds; round++) {
  let ts: Run;
  let c: Run;
  if (round % 2 === 1) {
    ts = runTypeScript();
    c = runC(exe.value);
  } else {
    c = runC(exe.value);
    ts = runTypeScript();
  }
  nodes = ts.nodes;
  if (ts.found !== c.found) {
    differs = true;
    console.log(`different searches: TypeScript ${ts.found}; C ${c.found}`);
  }
  tsRates.push(rate(ts));
  cRates.push(rate(c));
  ratios.push(rate(ts) / rate(c));
  console.log(
    `round ${round}: TypeScript ${fmt(rate(ts))} (${ts.seconds.toFixed(3)} s)   C ${fmt(rate(c))} (${c.seconds.toFixed(3)} s)   TypeScript/C ${(rate(ts) / rate(c)).toFixed(3)}`,
  );
}
console.log(`nodes      ${nodes} a round, the same moves, scores and node counts in both: ${differs ? 'NO' : 'yes'}`);
console.log(`TypeScript ${fmt(median(tsRates))} (median of ${rounds} rounds)`);
console.log(`C          ${fmt(median(cRates))} (gcc -O2, ${game.source})`);
console.log(
  `speed      TypeScript at ${median(ratios).toFixed(3)}× the C build (median of ${rounds} paired rounds; ${Math.min(...ratios).toFixed(3)}–${Math.max(...ratios).toFixed(3)}); load ${loadBefore} before, ${load()} after`,
);
process.exit(differs ? 1 : 0);
