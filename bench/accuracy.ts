/**
 * Accuracy sweep (issues 10, 22): how often the referee calls a game exactly as it was played.
 *
 * What is measured. For each condition of test/support/accuracy/conditions.ts (the simulated
 * board's drift and ramp, and how often the simulated players roll slowly or with a pause,
 * rest a hand on the rim, hold the board, lift two spheres, lift the wrong sphere), N
 * autoplayed games are refereed by the whole stack of `senryaku referee --sim --autoplay`:
 * simulated board → serial link → line decoding → sensing → referee → verdicts, in
 * sessions of up to 20 games in a row on one board (virtual time, so drift builds up over
 * a session as over a real evening). The players' ledger (src/players/ledger.ts) says
 * what their hands did and what a correct referee must call for it. Per condition:
 *   - exact: games whose moves (in order), fouls (in order; a holding forfeit counts as a
 *     foul, a touch-move notice does not) and end (winner and reason) are the ledger's;
 *   - false fouls: fouls the referee called that nobody committed;
 *   - missed fouls: fouls committed that the referee did not call (of `committed`);
 *   - ends: how the games ended (capture, crash, holding, no-move), by the players' account;
 *   - antics played: the turns played with each antic (slow lift, touch, wrong sphere,
 *     roll, rim, hold, two in hand), whether or not they commit a foul;
 *   - play: simulated minutes of play; wall: seconds it took here.
 * A game that is not exact is listed with its seed and number, and the command that plays
 * it again. Exit code 1 when any game is not exact. Conditions are Senryaku's and
 * Surakarta's (`sk-…`: the Surakarta board of 36 points, its players and their ledger).
 *
 * Run: npm run bench:accuracy [-- --games N] [-- --condition NAME[,NAME]] [-- --rules GAME] [-- --seed N] [-- --jobs N]
 * (--games: per condition, default 20; --rules: only that game's conditions, senryaku or
 * surakarta; --jobs: child processes the conditions are shared among, default 2.)
 */
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { CONDITION_GAMES, CONDITIONS, conditionNamed, type Condition } from '../test/support/accuracy/conditions.ts';
import { reproduce, sweepCondition, type ConditionTally } from '../test/support/accuracy/sweep.ts';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '20' },
    condition: { type: 'string', multiple: true },
    rules: { type: 'string' },
    seed: { type: 'string', default: '1' },
    'per-session': { type: 'string', default: '20' },
    jobs: { type: 'string', default: '2' },
    worker: { type: 'boolean', default: false },
  },
});

const games = Number(values.games);
const seed = Number(values.seed);
const perSession = Number(values['per-session']);
const jobs = Number(values.jobs);
for (const [name, n] of [
  ['--games', games],
  ['--seed', seed],
  ['--per-session', perSession],
  ['--jobs', jobs],
] as const)
  if (!Number.isInteger(n) || n < (name === '--seed' ? 0 : 1)) throw new TypeError(`${name} must be a whole number, got ${n}`);
const names = (values.condition ?? []).flatMap((c) => c.split(','));
const unknown = names.filter((n) => !conditionNamed(n));
if (unknown.length > 0) throw new TypeError(`no condition ${unknown.join(', ')}; there are: ${CONDITIONS.map((c) => c.name).join(', ')}`);
const rules = values.rules;
if (rules !== undefined && !(CONDITION_GAMES as readonly string[]).includes(rules))
  throw new TypeError(`--rules must be one of ${CONDITION_GAMES.join(', ')}, got '${rules}'`);
const chosen: Condition[] = CONDITIONS.filter(
  (c) => (names.length === 0 || names.includes(c.name)) && (rules === undefined || c.game === rules),
);
if (chosen.length === 0) throw new TypeError(`no condition of ${rules} among ${names.join(', ')}`);

if (values.worker) {
  // A child: one JSON line per condition, as each is done.
  const calibrations = new Map();
  for (const c of chosen) console.log(JSON.stringify(await sweepCondition(c, { games, seed, perSession, calibrations })));
} else {
  const t0 = performance.now();
  console.log(
    `accuracy sweep: ${games} game(s) per condition, ${chosen.length} condition(s), seeds from ${seed}, ${Math.min(jobs, chosen.length)} process(es)`,
  );
  const shares = Array.from({ length: Math.min(jobs, chosen.length) }, (_, j) => chosen.filter((_, i) => i % jobs === j));
  const tallies = (await Promise.all(shares.map(runWorker))).flat();
  const byName = new Map(tallies.map((t) => [t.condition, t]));
  printTable(
    chosen.map((c) => byName.get(c.name)!),
    (performance.now() - t0) / 1000,
  );
}

function runWorker(share: readonly Condition[]): Promise<ConditionTally[]> {
  const args = [
    ...process.execArgv,
    process.argv[1]!,
    '--worker',
    '--games',
    String(games),
    '--seed',
    String(seed),
    '--per-session',
    String(perSession),
  ];
  for (const c of share) args.push('--condition', c.name);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    const tallies: ConditionTally[] = [];
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
      for (let nl = out.indexOf('\n'); nl >= 0; nl = out.indexOf('\n')) {
        const t = JSON.parse(out.slice(0, nl)) as ConditionTally;
        out = out.slice(nl + 1);
        tallies.push(t);
        console.log(`  ${t.condition}: ${t.exact}/${t.games} exact (${(t.wallMs / 1000).toFixed(1)} s)`);
      }
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(tallies) : reject(new Error(`a sweep process exited with ${code}`))));
  });
}

function counts(of: Partial<Record<string, number>>): string {
  return Object.entries(of)
    .map(([antic, n]) => `${antic} ${n}`)
    .join(', ');
}

function printTable(rows: readonly ConditionTally[], wallS: number): void {
  const head = [
    'condition',
    'games',
    'exact',
    'false fouls',
    'missed fouls',
    'committed',
    'moves',
    'ends',
    'antics played',
    'play (min)',
    'wall (s)',
  ];
  const line = (cells: readonly (string | number)[]): string => `| ${cells.join(' | ')} |`;
  const sum = (f: (t: ConditionTally) => number): number => rows.reduce((n, t) => n + f(t), 0);
  console.log('');
  console.log(line(head));
  console.log(line(head.map(() => '---')));
  for (const t of rows)
    console.log(
      line([
        t.condition,
        t.games,
        t.exact,
        t.falseFouls,
        t.missedFouls,
        t.committedFouls,
        t.moves,
        counts(t.ends),
        counts(t.antics),
        (t.virtualMs / 60_000).toFixed(1),
        (t.wallMs / 1000).toFixed(1),
      ]),
    );
  console.log(
    line([
      '**total**',
      sum((t) => t.games),
      sum((t) => t.exact),
      sum((t) => t.falseFouls),
      sum((t) => t.missedFouls),
      sum((t) => t.committedFouls),
      sum((t) => t.moves),
      '',
      '',
      (sum((t) => t.virtualMs) / 60_000).toFixed(1),
      sum((t) => t.wallMs / 1000).toFixed(1),
    ]),
  );
  console.log(`\nwall time ${wallS.toFixed(1)} s`);
  const mismatches = rows.flatMap((t) => t.mismatches);
  if (mismatches.length === 0) return;
  console.log(`\n${mismatches.length} game(s) not exact:`);
  for (const m of mismatches) console.log(`  ${reproduce(m)}`);
  process.exitCode = 1;
}
