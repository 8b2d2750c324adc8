/**
 * Start-up bench, paired: `node -e 0` and `node bin/senryaku.js perft 1` run one after the
 * other, 20 pairs, so both see the same machine load; the clock of each run starts before
 * the process is spawned and stops when it has exited (spawnSync). Prints the median of
 * each, and the median of the per-pair ratios (goal ≤ 2). The launcher runs the compiled
 * CLI in dist/ when it is fresh; the npm script builds it first, as `npm ci` does.
 * Run: npm run bench:startup
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const PAIRS = 20;
const bin = fileURLToPath(new URL('../bin/senryaku.js', import.meta.url));

function timed(args: string[]): number {
  const t0 = performance.now();
  const run = spawnSync(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const ms = performance.now() - t0;
  if (run.status !== 0) throw new Error(`node ${args.join(' ')} exited with ${run.status}`);
  return ms;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const bare: number[] = [];
const cli: number[] = [];
const ratios: number[] = [];
for (let i = 0; i < PAIRS; i++) {
  const b = timed(['-e', '0']);
  const c = timed([bin, 'perft', '1']);
  bare.push(b);
  cli.push(c);
  ratios.push(c / b);
}
console.log(`node -e 0:                       median ${median(bare).toFixed(0)} ms`);
console.log(`node bin/senryaku.js perft 1:    median ${median(cli).toFixed(0)} ms`);
console.log(`ratio, median of ${PAIRS} pairs:      ${median(ratios).toFixed(2)} (goal ≤ 2)`);
