/**
 * A simulated match, whole command, paired with a reference: `senryaku referee --sim --autoplay
 * --speed max --games 10 --json --scoreboard none` (calibrated beforehand, its own temporary
 * directories, no dashboard, broker or store, so nothing else on the machine is in its way)
 * and `senryaku perft 6`, the rules core alone, CPU-bound like the match. They run one after
 * the other, alternating which goes first, so that both meet the same machine; the clock of
 * each starts before its process is spawned and stops when it has exited. A busy machine moves
 * both seconds alike; the ratio match / perft 6 is what holds from machine to machine.
 * Run: npm run bench:sim-match [-- --rounds N --track N]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' }, track: { type: 'string', default: '6' } } });
const ROUNDS = Number(values.rounds);
const bin = fileURLToPath(new URL('../bin/senryaku.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'senryaku-bench-match-'));
const own = [
  '--calibration-dir',
  join(dir, 'cal'),
  '--journal-dir',
  join(dir, 'journal'),
  '--db',
  'off',
  '--http',
  'off',
  '--mqtt-listen',
  'off',
];
const match = [
  bin,
  'referee',
  '--sim',
  '--autoplay',
  '--speed',
  'max',
  '--games',
  '10',
  '--track',
  values.track,
  '--json',
  '--scoreboard',
  'none',
  ...own,
];
const perft = [bin, 'perft', '6'];

function timed(args: string[]): { ms: number; stdout: string } {
  const t0 = performance.now();
  const run = spawnSync(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 28 });
  const ms = performance.now() - t0;
  if (run.status !== 0) throw new Error(`node ${args.join(' ')} exited with ${run.status}: ${run.stderr.toString().slice(0, 500)}`);
  return { ms, stdout: run.stdout.toString() };
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const seconds = (ms: number): string => (ms / 1000).toFixed(2);
const range = (xs: readonly number[], f: (n: number) => string): string => `${f(Math.min(...xs))}–${f(Math.max(...xs))}`;

try {
  process.stdout.write('calibrating the simulated board once (not timed)... ');
  timed([...match.slice(0, match.indexOf('--games')), '--games', '1', ...own]);
  console.log('done');
  const load = loadavg();
  const matchMs: number[] = [];
  const perftMs: number[] = [];
  let verdicts = 0;
  for (let round = 1; round <= ROUNDS; round++) {
    const order = round % 2 === 1 ? ['match', 'perft'] : ['perft', 'match'];
    for (const which of order)
      if (which === 'match') {
        const run = timed(match);
        matchMs.push(run.ms);
        verdicts = run.stdout.split('\n').filter((l) => l.startsWith('{')).length;
      } else perftMs.push(timed(perft).ms);
    console.log(`round ${round}: match ${seconds(matchMs.at(-1)!)} s, perft 6 ${seconds(perftMs.at(-1)!)} s`);
  }
  const ratios = matchMs.map((m, i) => m / perftMs[i]!);
  console.log(`load average    ${load.map((l) => l.toFixed(1)).join(' ')} at the start (2 cores)`);
  console.log(
    `the match       ${range(matchMs, seconds)} s wall (median ${seconds(median(matchMs))}), ${verdicts} JSON lines a run, --track ${values.track}`,
  );
  console.log(`perft 6         ${range(perftMs, seconds)} s wall (median ${seconds(median(perftMs))}), process start to exit`);
  console.log(`match / perft 6 ${range(ratios, (r) => r.toFixed(2))} per round, median ${median(ratios).toFixed(2)}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
