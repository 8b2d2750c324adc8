/**
 * Start-up bench, paired: `node -e 0` and one `senryaku` command run one after the other, so
 * both see the same machine load, 21 pairs per command: `referee --bogus` (a bad flag: exit 2,
 * one line on stderr), `perft 1` and `--help`. The clock of each run starts just before the
 * process is spawned and stops when it has exited and its output is read (spawnSync returns),
 * so it counts Node's own start, the launcher, loading the command and running it. Prints the
 * median of each side and the median of the per-pair ratios (goal ≤ 1.5: the ratio, not the
 * milliseconds, is comparable between a busy machine and an idle one).
 *
 * Also the launcher's own check, timed inside fresh processes: whether dist/ is newer than
 * every source file (bin/dist-freshness.js, cold, as each start runs it once).
 *
 * The launcher runs the compiled CLI in dist/ when it is fresh; the npm script builds it first,
 * as `npm ci` does. Run: npm run bench:startup
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

const PAIRS = 21;
const GOAL = 1.5;
const root = fileURLToPath(new URL('..', import.meta.url));
const bin = `${root}bin/senryaku.js`;

interface Case {
  readonly args: readonly string[];
  readonly exitCode: number;
}

const CASES: readonly Case[] = [
  { args: ['referee', '--bogus'], exitCode: 2 },
  { args: ['perft', '1'], exitCode: 0 },
  { args: ['--help'], exitCode: 0 },
];

function timed(args: readonly string[], exitCode: number): number {
  const t0 = performance.now();
  const run = spawnSync(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = performance.now() - t0;
  if (run.status !== exitCode)
    throw new Error(`node ${args.join(' ')} exited with ${run.status}, not ${exitCode}: ${run.stderr.toString()}`);
  return ms;
}

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The launcher's freshness check, once in a fresh process (the cost every start pays). */
function freshnessCheckMs(): number {
  const script = `const { distIsFresh } = await import(${JSON.stringify(`${root}bin/dist-freshness.js`)});
const t0 = performance.now(); const fresh = distIsFresh(${JSON.stringify(root)}); const ms = performance.now() - t0;
process.stdout.write(JSON.stringify({ fresh, ms }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  const { fresh, ms } = JSON.parse(run.stdout) as { fresh: boolean; ms: number };
  if (!fresh) throw new Error('dist/ is not fresh: the launcher would run the sources through tsx (npm run build)');
  return ms;
}

console.log(`node ${process.version}, ${PAIRS} pairs per command, load average ${loadavg()[0]!.toFixed(1)} at the start`);
console.log('each run: from spawning the process to its exit (spawnSync), paired with `node -e 0` run just before it');
for (const c of CASES) {
  const bare: number[] = [];
  const cli: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < PAIRS; i++) {
    const b = timed(['-e', '0'], 0);
    const s = timed([bin, ...c.args], c.exitCode);
    bare.push(b);
    cli.push(s);
    ratios.push(s / b);
  }
  const ratio = median(ratios);
  console.log(
    `senryaku ${c.args.join(' ')}`.padEnd(26) +
      `median ${median(cli).toFixed(0).padStart(4)} ms   node -e 0 median ${median(bare).toFixed(0).padStart(4)} ms   ` +
      `ratio ${ratio.toFixed(2)} (goal ≤ ${GOAL}${ratio <= GOAL ? '' : ': MISSED'})`,
  );
}
const checks = Array.from({ length: 7 }, freshnessCheckMs);
console.log(`launcher's freshness check (dist/ against src/), cold: median ${median(checks).toFixed(1)} ms of 7`);
console.log(`load average ${loadavg()[0]!.toFixed(1)} at the end`);
