/**
 * Senryaku's engine speed: nodes per second of a fixed-depth search (level 10, a fresh
 * transposition table each run) from the start and from mid-game positions, on one core.
 * Usage: npx tsx bench/senryaku-search.ts [DEPTH] [SPN]
 * The best of three runs counts (the machine's other work only slows a run down). Both the
 * wall clock and the process's CPU time are shown: on a busy machine they differ.
 */
import { Searcher } from '../src/engine/search.ts';
import { SENRYAKU_ENGINE } from '../src/games/senryaku/engine/engine-game.ts';

const DEFAULT_DEPTH = 7;
const POSITIONS = [SENRYAKU_ENGINE.startPosition, '1bB2b1/b1b1bb1/7/6w/wwW1w2/w4w1 w f1 f5', 'b4bb/3B2b/1bb4/2w3w/ww1w3/3W1w1 w g3 c4'];

const depth = Number(process.argv[2] ?? DEFAULT_DEPTH);
const positions = process.argv[3] ? [process.argv[3]] : POSITIONS;
if (!Number.isInteger(depth) || depth < 1) {
  console.error(`depth is a whole number from 1, not '${process.argv[2]}'`);
  process.exit(2);
}
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

let totalNodes = 0;
let totalWall = 0;
let totalCpu = 0;
for (const spn of positions) {
  const loaded = SENRYAKU_ENGINE.load(spn, []);
  if (!loaded.ok) {
    console.error(loaded.error.message);
    process.exit(2);
  }
  const board = loaded.value;
  new Searcher().search(SENRYAKU_ENGINE, board, { depth: Math.min(depth, 5) }, { level: 10, seed: 1, now: () => 0 }); // warm the JIT
  let best = { wall: Infinity, cpu: Infinity, nodes: 0, move: '' };
  for (let run = 0; run < 3; run++) {
    const searcher = new Searcher();
    const c0 = cpuMs();
    const t0 = performance.now();
    const out = searcher.search(SENRYAKU_ENGINE, board, { depth }, { level: 10, seed: 1, now: () => 0 });
    const wall = performance.now() - t0;
    const cpu = cpuMs() - c0;
    if (wall < best.wall) best = { wall, cpu, nodes: out.info.nodes, move: out.bestMove ?? '(none)' };
  }
  totalNodes += best.nodes;
  totalWall += best.wall;
  totalCpu += best.cpu;
  const nps = (ms: number): string => Math.round((best.nodes / ms) * 1000).toLocaleString('en-US');
  console.log(
    `${spn.padEnd(44)} depth ${depth} ${best.move} nodes ${best.nodes}  ${nps(best.wall)} nodes/s (${nps(best.cpu)} on CPU time)`,
  );
}
const all = (ms: number): string => Math.round((totalNodes / ms) * 1000).toLocaleString('en-US');
console.log(`all                                          nodes ${totalNodes}  ${all(totalWall)} nodes/s (${all(totalCpu)} on CPU time)`);
