/**
 * Start-up bench, paired: `node -e 0` and one `senryaku` command run one after the other, so
 * both see the same machine load; 31 rounds of one pair per command (round-robin, so a change
 * of load falls on every command alike): `referee --bogus` (a bad flag: exit 2,
 * one line on stderr), `perft 1` and `--help`. The clock of each run starts just before the
 * process is spawned and stops when it has exited and its output is read (spawnSync returns),
 * so it counts Node's own start, the launcher, loading the command and running it. Prints the
 * median of each side and the median of the per-pair ratios (goal ≤ 1.5: the ratio, not the
 * milliseconds, is comparable between a busy machine and an idle one).
 *
 * Also the launcher's own check, timed inside fresh processes: whether the build in dist/ is
 * still that of every source the command runs (bin/dist-freshness.js: a stat per source of the
 * command, cold, as each start runs it once).
 *
 * The launcher runs the compiled CLI in dist/ when it is fresh; the npm script builds it first,
 * as `npm ci` does. Run: npm run bench:startup
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

const PAIRS = 31;
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

/** The launcher's freshness check for `command`, once in a fresh process (the cost every start of it pays). */
function freshnessCheckMs(command: string): number {
  const script = `const { freshBuild } = await import(${JSON.stringify(`${root}bin/dist-freshness.js`)});
const t0 = performance.now(); const fresh = freshBuild(${JSON.stringify(root)}, ${JSON.stringify(command)}); const ms = performance.now() - t0;
process.stdout.write(JSON.stringify({ fresh, ms }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  const { fresh, ms } = JSON.parse(run.stdout) as { fresh?: string; ms: number };
  if (fresh === undefined) throw new Error('dist/ is not fresh: the launcher would run the sources through tsx (npm run build)');
  return ms;
}

console.log(`node ${process.version}, ${PAIRS} rounds, load average ${loadavg()[0]!.toFixed(1)} at the start`);
console.log(
  'each run: from spawning the process to its exit (spawnSync); each round runs every command once, each just after a `node -e 0`',
);
const runs = CASES.map(() => ({ bare: [] as number[], cli: [] as number[], ratios: [] as number[] }));
for (let i = 0; i < PAIRS; i++)
  CASES.forEach((c, k) => {
    const b = timed(['-e', '0'], 0);
    const s = timed([bin, ...c.args], c.exitCode);
    runs[k]!.bare.push(b);
    runs[k]!.cli.push(s);
    runs[k]!.ratios.push(s / b);
  });
CASES.forEach((c, k) => {
  const { bare, cli, ratios } = runs[k]!;
  const ratio = median(ratios);
  console.log(
    `senryaku ${c.args.join(' ')}`.padEnd(26) +
      `median ${median(cli).toFixed(0).padStart(4)} ms   node -e 0 median ${median(bare).toFixed(0).padStart(4)} ms   ` +
      `ratio ${ratio.toFixed(2)} (goal ≤ ${GOAL}${ratio <= GOAL ? '' : ': MISSED'})`,
  );
});
for (const command of ['perft', 'referee']) {
  const checks = Array.from({ length: 7 }, () => freshnessCheckMs(command));
  console.log(`launcher's freshness check of ${command}'s sources, cold: median ${median(checks).toFixed(1)} ms of 7`);
}
console.log(`load average ${loadavg()[0]!.toFixed(1)} at the end`);
