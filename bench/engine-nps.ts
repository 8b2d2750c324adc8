/**
 * The engine's nodes per second, this checkout against another (`--vs DIR`, a checkout of the
 * same repository, e.g. `git worktree add /tmp/base main`): in one process, the two searchers take
 * turns, ROUNDS times, each a fixed-depth search (level 10, seed 1, a fresh transposition table)
 * of the same positions, timed on the process's CPU time, so that a busy machine slows both alike
 * and the ratio holds. Both must find the same moves, scores and node counts (a change for speed
 * must not change the search): a difference is printed and the exit status is 1.
 * Without --vs, this checkout alone.
 *
 * Usage: npx tsx bench/engine-nps.ts [--rules senryaku|surakarta|breakthrough] [--depth N] [--rounds N] [--vs DIR]
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EngineGame } from '../src/engine/types.ts';

const GAMES = {
  senryaku: {
    file: 'src/games/senryaku/engine/engine-game.ts',
    name: 'SENRYAKU_ENGINE',
    depth: 7,
    positions: ['bbbBbbb/7/7/7/7/wwwWwww w - -', '1bB2b1/b1b1bb1/7/6w/wwW1w2/w4w1 w f1 f5', 'b4bb/3B2b/1bb4/2w3w/ww1w3/3W1w1 w g3 c4'],
  },
  surakarta: {
    file: 'src/games/surakarta/engine/engine-game.ts',
    name: 'SURAKARTA_ENGINE',
    depth: 7,
    positions: ['oooooo/oooooo/6/6/xxxxxx/xxxxxx x', 'oooooo/1ooooo/o5/4x1/xxx1xx/xxxxxx x'],
  },
  breakthrough: {
    file: 'src/games/breakthrough/engine/engine-game.ts',
    name: 'BREAKTHROUGH_ENGINE',
    depth: 7,
    positions: ['bbbbbb/bbbbbb/6/6/wwwwww/wwwwww w'],
  },
} as const;

const args = process.argv.slice(2);
const take = (flag: string): string | undefined => {
  const at = args.indexOf(flag);
  return at < 0 ? undefined : args.splice(at, 2)[1];
};
const rules = take('--rules') ?? 'senryaku';
if (!(rules in GAMES)) {
  console.error(`--rules is one of ${Object.keys(GAMES).join(', ')}, not '${rules}'`);
  process.exit(2);
}
const game = GAMES[rules as keyof typeof GAMES];
const depth = Number(take('--depth') ?? game.depth);
const rounds = Number(take('--rounds') ?? 5);
const other = take('--vs');

interface Tree {
  readonly label: string;
  readonly game: EngineGame;
  readonly Searcher: typeof import('../src/engine/search.ts').Searcher;
}
async function load(dir: string, label: string): Promise<Tree> {
  const search = (await import(resolve(dir, 'src/engine/search.ts'))) as typeof import('../src/engine/search.ts');
  const module = (await import(resolve(dir, game.file))) as Record<string, EngineGame>;
  return { label, game: module[game.name]!, Searcher: search.Searcher };
}
const here = resolve(fileURLToPath(new URL('..', import.meta.url)));
const trees = [await load(here, 'this')];
if (other) trees.push(await load(other, other));

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
/** One search of each position: nodes, CPU ms, and what it found. */
function run(tree: Tree): { nodes: number; ms: number; found: string } {
  let nodes = 0;
  let ms = 0;
  const found: string[] = [];
  for (const position of game.positions) {
    const board = tree.game.load(position, []);
    if (!board.ok) throw new Error(board.error.message);
    const c0 = cpuMs();
    const out = new tree.Searcher().search(tree.game, board.value, { depth }, { level: 10, seed: 1, now: () => 0 });
    ms += cpuMs() - c0;
    nodes += out.info.nodes;
    found.push(`${out.bestMove ?? '(none)'} ${JSON.stringify(out.info.score)} ${out.info.nodes}`);
  }
  return { nodes, ms, found: found.join(', ') };
}

const rate = (r: { nodes: number; ms: number }): number => (r.nodes / r.ms) * 1000;
const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');
for (const t of trees) run(t); // warm the JIT
const ratios: number[] = [];
let differs = false;
console.log(`${rules} depth ${depth}, ${game.positions.length} positions, ${rounds} rounds, nodes/s on CPU time`);
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? trees : [...trees].reverse();
  const results = new Map(order.map((t) => [t, run(t)] as const));
  const a = results.get(trees[0]!)!;
  const b = trees[1] ? results.get(trees[1])! : undefined;
  if (b && b.found !== a.found) {
    differs = true;
    console.log(`different searches: this ${a.found}; other ${b.found}`);
  }
  if (b) ratios.push(rate(a) / rate(b));
  console.log(
    `round ${round + 1}: this ${fmt(rate(a))}${b ? `  other ${fmt(rate(b))}  ratio ${(rate(a) / rate(b)).toFixed(3)}` : ''}  (nodes ${a.nodes})`,
  );
}
if (ratios.length > 0) {
  ratios.sort((x, y) => x - y);
  console.log(
    `this/other nodes/s: median ${ratios[(ratios.length - 1) >> 1]!.toFixed(3)} (${ratios[0]!.toFixed(3)}–${ratios.at(-1)!.toFixed(3)})`,
  );
}
process.exit(differs ? 1 : 0);
