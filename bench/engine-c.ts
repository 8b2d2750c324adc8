/**
 * Senryaku's engine nodes per second against the same algorithm in C (bench/c/senryaku-engine.c,
 * gcc -O2: the same search, table, ordering, quiescence, search board and evaluation, node for
 * node). Level 10 to a fixed depth with a fresh table (2^18 slots, a new Searcher's) from the
 * positions bench/engine-nps.ts searches. The two take turns, ROUNDS times (the first of each
 * pair alternating); each figure is CPU time (TypeScript: process.cpuUsage around each search in
 * this process, after a warm-up; C: its own CLOCK_PROCESS_CPUTIME_ID around each search), so a
 * busy machine slows both alike and the ratio holds. Both must find the same moves, scores and
 * node counts: a difference is printed and the exit status is 1.
 *
 * Usage: npm run bench:engine-c [-- [--depth N] [--rounds N]]
 */
import { loadavg } from 'node:os';
import { DEFAULT_TABLE_BITS, Searcher } from '../src/engine/search.ts';
import { SENRYAKU_ENGINE } from '../src/games/senryaku/engine/engine-game.ts';
import { buildEngineC, runEngineC, type CSearch } from './support/senryaku-engine-c.ts';

/** bench/engine-nps.ts's Senryaku positions: the start and two middle games with locks. */
const POSITIONS = ['bbbBbbb/7/7/7/7/wwwWwww w - -', '1bB2b1/b1b1bb1/7/6w/wwW1w2/w4w1 w f1 f5', 'b4bb/3B2b/1bb4/2w3w/ww1w3/3W1w1 w g3 c4'];

const args = process.argv.slice(2);
const take = (flag: string): string | undefined => {
  const at = args.indexOf(flag);
  return at < 0 ? undefined : args.splice(at, 2)[1];
};
const depth = Number(take('--depth') ?? 7);
const rounds = Number(take('--rounds') ?? 5);
if (args.length > 0 || !Number.isInteger(depth) || depth < 1 || !Number.isInteger(rounds) || rounds < 1) {
  console.error('usage: npm run bench:engine-c [-- [--depth N] [--rounds N]]');
  process.exit(2);
}
const exe = buildEngineC();
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
    const board = SENRYAKU_ENGINE.load(position, []);
    if (!board.ok) throw new Error(board.error.message);
    const c0 = cpuSeconds();
    const out = new Searcher().search(SENRYAKU_ENGINE, board.value, { depth }, { level: 10, seed: 1, now: () => 0 });
    seconds += cpuSeconds() - c0;
    nodes += out.info.nodes;
    found.push(`${out.bestMove ?? '(none)'} ${JSON.stringify(out.info.score)} ${out.info.nodes}`);
  }
  return { nodes, seconds, found: found.join(', ') };
}

function runC(path: string): Run {
  const queries = POSITIONS.map((position) => ({ kind: 'search' as const, position, depth, tableBits: DEFAULT_TABLE_BITS }));
  const answers = runEngineC(path, queries) as CSearch[];
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
console.log(`senryaku depth ${depth}, ${POSITIONS.length} positions, ${rounds} paired rounds, nodes/s on CPU time`);
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
console.log(`C          ${fmt(median(cRates))} (gcc -O2, bench/c/senryaku-engine.c)`);
console.log(
  `speed      TypeScript at ${median(ratios).toFixed(3)}× the C build (median of ${rounds} paired rounds; ${Math.min(...ratios).toFixed(3)}–${Math.max(...ratios).toFixed(3)}); load ${loadBefore} before, ${load()} after`,
);
process.exit(differs ? 1 : 0);
