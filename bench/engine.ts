/**
 * The engine's level ladder: each level against the level below, colours alternating, on every
 * game that has an engine; then the random-but-safe player (any legal move that does not lose at
 * once) against levels 1 and 10; then level 10 at `movetime 1000` for a few moves, to see it keep
 * its time. Every move of every game is played through the game's rules core (playGame).
 *
 * Each game starts from a few random plies (no move that ends the game), and each opening is
 * played twice, colours swapped: the levels without chance (5–10) would otherwise play the same
 * two games over and over. The engines are told the game's earlier positions (going back to one
 * scores a draw, so the side ahead goes on). A game ends by its rules, or at a position's third
 * time or the ply cap, judged: Surakarta by its own rule for a game stopped by agreement (more
 * pieces in play wins), the other games by a fixed-depth search of the last position (a side
 * clearly ahead wins, else a draw).
 *
 * Prints per pair the score of the stronger level (a win 1, a draw ½, over the games played),
 * and per level the nodes per second and the time per move. The clock of a move starts when the
 * player is asked and stops when it answers (performance.now, in the process playing the game),
 * and the CPU time it took beside it. Games run in `--jobs` child processes at once (default 2,
 * the cores of the machine it was made for; with 1, in this process); each batch's figures go to
 * stderr as it ends.
 *
 * Usage: npm run bench:engine [-- --rules ID|all] [--games N] [--quick] [--jobs N] [--ladder-movetime MS] [--pair LABEL]…
 *   --rules ID|all        one game, or every game with an engine (default: Senryaku and Surakarta, the games the
 *                         product referees; Breakthrough, the engine's third game, only when asked for)
 *   --games N             games per pair of levels (default 100; against random-safe half as many)
 *   --clock cpu|wall      the clock level 10's ladder movetime reads (default cpu: the process's CPU time, so that
 *                         a busy machine does not weaken it; the movetime-1000 check always reads the wall clock)
 *   --pair LABEL          only this pair (as the report names it: '10 vs 9', '1 vs random-safe'); repeatable
 *   --quick               levels 1–4, 4 games a pair, 120 plies: the test suite's smoke run
 *   --ladder-movetime MS  level 10's budget in the ladder (default 600; its own time check uses 1000)
 *   --resign SCORE:MOVES  the resign rule between levels 4-10 (default 400:4; off: every game played out)
 */
import { fork } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { playGame, randomOpening, type Adjudicate, type GamePlayer, type PlayedGame } from './support/play-game.ts';
import { Searcher } from '../src/engine/search.ts';
import { LEVELS, type EngineGame, type Level } from '../src/engine/types.ts';
import { BUILT_IN_RULESETS } from '../src/games/registry.ts';
import type { Ruleset } from '../src/rulesets/ruleset.ts';

/** One batch of games for a child process: who plays, how many games, which seeds. */
interface Task {
  readonly rules: string;
  readonly label: string;
  /** The player being measured first, its opponent second; colours alternate game by game. */
  readonly players: readonly [GamePlayer, GamePlayer];
  readonly games: number;
  readonly firstSeed: number;
  readonly maxPlies: number;
  /** The clock level 10's movetime reads: the process's CPU time, or the wall clock. */
  readonly clock: Clock;
  /** The resign rule, for a pair of levels that search exactly. */
  readonly resign?: { readonly score: number; readonly moves: number };
  /** Each opening of the batch (games 2k and 2k+1 play the k-th), chosen once by the parent. */
  readonly openings: readonly (readonly string[])[];
}

const CLOCKS = ['cpu', 'wall'] as const;
type Clock = (typeof CLOCKS)[number];

interface TaskResult {
  readonly task: Task;
  /** The measured player's score: wins + draws / 2. */
  readonly score: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  readonly plies: number;
  /** Per player: moves, nodes, ms spent (wall and CPU), the longest move. */
  readonly stats: readonly { moves: number; nodes: number; ms: number; cpuMs: number; maxMs: number }[];
  readonly ends: Readonly<Record<string, number>>;
  /** The CPU time the batch took, all of it (the judge and the rules core too; a child process its start as well). */
  readonly cpuMs: number;
}

const engineOf = (ruleset: Ruleset): EngineGame | undefined => ruleset.engine;

/** Random plies before the players' first move: deterministic levels play a different game each time. */
const OPENING_PLIES = 2;
/**
 * How a game's openings are kept. `balanced`: a depth-OPENING_DEPTH search scores it within
 * OPENING_BALANCE of even (random plies often leave one side a won game, and a pair that plays
 * decided games scores 50 % whatever its levels). `split`: two games of level SPLIT_LEVEL against
 * itself (two seeds) were won by different colours. Senryaku needs the second: between searches a
 * few plies apart its first move decides most games even from openings its search scores even (of
 * twelve such openings, level 8 against level 6 won both games of half and lost both of one; the
 * rest went to the colour that moved first), so a pair measured on those scores near 50 %.
 */
type OpeningRule = 'balanced' | 'split';
const OPENING_RULE: Readonly<Record<string, OpeningRule>> = { senryaku: 'split' };
const OPENING_BALANCE = 30;
const OPENING_DEPTH = 4;
const SPLIT_LEVEL: Level = 6;
/** How many seeds an opening tries before it takes the last one (a game whose every opening is lopsided). */
const OPENING_TRIES = 50;

/** A game whose result the bench judges: a position this many times over (the third time, as chess has it). */
const REPETITIONS = 3;
/** The judge's search: deep enough to see a threat through, the same on every machine. */
const JUDGE_DEPTH = 4;
/** The judge's margin (centi-units, 100 about a safe tempo): a side this far ahead by the judge's search has won. */
const JUDGE_MARGIN = 150;
/**
 * The resign rule (play-game.ts): both engines scoring the same side 400 ahead (four safe tempi,
 * four of Surakarta's pieces) for four searches each. Most of a decided game's time was spent
 * playing it out; a level that chooses among near-best moves (1–3) never resigns, nor is resigned to.
 */
const RESIGN = { score: 400, moves: 4 };

/**
 * Who has won a game stopped at the ply cap or by a repetition. Surakarta has a rule for a game
 * stopped by agreement (more pieces in play wins; equal is a draw), so the bench keeps it. The
 * other games have none, so the bench judges as an arbiter would: a fixed-depth full search of
 * the last position (the same evaluation both sides play by), a side clearly ahead wins, else a draw.
 */
function adjudicatorOf(ruleset: Ruleset, engine: EngineGame): Adjudicate {
  const pieces = ruleset.piecesInPlay;
  const judge = new Searcher(16);
  return (position) => {
    const loaded = engine.load(position, []);
    if (!loaded.ok) return 'draw';
    const board = loaded.value;
    if (pieces) {
      const counts = pieces(position);
      if (!counts) return 'draw';
      const toMove = board.turn();
      const mine = counts[toMove] ?? 0;
      const theirs = Object.entries(counts).find(([side]) => side !== toMove)?.[1] ?? 0;
      return mine > theirs ? 'side-to-move' : theirs > mine ? 'other' : 'draw';
    }
    judge.newGame();
    const { score } = judge.search(engine, board, { depth: JUDGE_DEPTH }, { level: 10, seed: 0, now: () => 0 }).info;
    const value = score.kind === 'mate' ? Math.sign(score.moves) * Infinity : score.value;
    return value >= JUDGE_MARGIN ? 'side-to-move' : value <= -JUDGE_MARGIN ? 'other' : 'draw';
  };
}

/** Random plies from the seed and those after it until the game's opening rule keeps them. */
function chooseOpening(engine: EngineGame, rule: OpeningRule, seed: number, judge: Searcher): string[] {
  let moves: string[] = [];
  const self: GamePlayer = { kind: 'engine', level: SPLIT_LEVEL, limits: {} };
  for (let k = 0; k < OPENING_TRIES; k++) {
    const opening = randomOpening(engine, OPENING_PLIES, seed * OPENING_TRIES + k);
    if (!opening.ok) throw new Error(`opening ${seed}: ${opening.error.message}`);
    moves = opening.value;
    if (rule === 'split') {
      const winners = [1, 2].map((s) => {
        const played = playGame(engine, [self, self], { seed: s, opening: moves, now: () => 0, maxPlies: 300, repetitions: REPETITIONS });
        if (!played.ok) throw new Error(`opening ${seed}: ${played.error.message}`);
        return played.value.winner;
      });
      if (winners[0] !== winners[1]) break;
      continue;
    }
    const loaded = engine.load(engine.startPosition, moves);
    if (!loaded.ok) throw new Error(`opening ${seed}: ${loaded.error.message}`);
    judge.newGame();
    const { score } = judge.search(engine, loaded.value, { depth: OPENING_DEPTH }, { level: 10, seed: 0, now: () => 0 }).info;
    if (score.kind === 'cp' && Math.abs(score.value) <= OPENING_BALANCE) break;
  }
  return moves;
}

function cpuNow(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

function runTask(task: Task): TaskResult {
  // A child's start (the loader, the modules) counts too; in this process (one job), only the task.
  const cpuAtStart = process.argv[2] === '--task' ? 0 : cpuNow();
  const ruleset = BUILT_IN_RULESETS.all.find((r) => r.id === task.rules);
  const engine = ruleset && engineOf(ruleset);
  if (!ruleset || !engine) throw new Error(`no engine for ${task.rules}`);
  const adjudicate = adjudicatorOf(ruleset, engine);
  let wins = 0;
  let draws = 0;
  let plies = 0;
  const stats = [0, 1].map(() => ({ moves: 0, nodes: 0, ms: 0, cpuMs: 0, maxMs: 0 }));
  const ends: Record<string, number> = {};
  for (let g = 0; g < task.games; g++) {
    // Even games: the measured player moves first; odd games: second.
    const measuredFirst = g % 2 === 0;
    const players = measuredFirst ? task.players : ([task.players[1], task.players[0]] as const);
    // Each opening twice, colours swapped (a batch starts on an even game).
    const opening = task.openings[Math.floor(g / 2)]!;
    const played = playGame(engine, players, {
      seed: task.firstSeed + g,
      opening,
      now: () => performance.now(),
      cpuNow,
      searchNow: task.clock === 'cpu' ? cpuNow : () => performance.now(),
      maxPlies: task.maxPlies,
      repetitions: REPETITIONS,
      adjudicate,
      resign: task.resign,
    });
    if (!played.ok) throw new Error(`${task.label}, game ${g + 1}: ${played.error.code}: ${played.error.message}`);
    const game: PlayedGame = played.value;
    const measured = measuredFirst ? 0 : 1;
    if (game.winner === measured) wins++;
    else if (game.winner === undefined) draws++;
    plies += game.moves.length;
    ends[game.end] = (ends[game.end] ?? 0) + 1;
    game.stats.forEach((s, i) => {
      const who = i === measured ? 0 : 1;
      const t = stats[who]!;
      t.moves += s.moves;
      t.nodes += s.nodes;
      t.ms += s.ms;
      t.cpuMs += s.cpuMs;
      t.maxMs = Math.max(t.maxMs, s.maxMs);
    });
  }
  const cpuMs = cpuNow() - cpuAtStart;
  return { task, score: wins + draws / 2, wins, draws, losses: task.games - wins - draws, plies, stats, ends, cpuMs };
}

// A child process: one task in (argv), its result out (IPC).
if (process.argv[2] === '--task') {
  const task = JSON.parse(process.argv[3]!) as Task;
  process.send!(runTask(task));
  process.exit(0);
}

const args = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const at = args.indexOf(name);
  return at < 0 ? undefined : args[at + 1];
};
const quick = args.includes('--quick');
const gamesPerPair = Number(flag('--games') ?? (quick ? 4 : 100));
const jobs = Number(flag('--jobs') ?? Math.min(2, availableParallelism()));
const ladderMovetime = Number(flag('--ladder-movetime') ?? 600);
/** The resign rule between two levels that search exactly (4 and up): SCORE:MOVES, or off. */
const resignFlag = flag('--resign') ?? `${RESIGN.score}:${RESIGN.moves}`;
const resign = resignFlag === 'off' ? undefined : { score: Number(resignFlag.split(':')[0]), moves: Number(resignFlag.split(':')[1]) };
if (resign && !(resign.score > 0 && Number.isInteger(resign.moves) && resign.moves > 0)) {
  console.error('--resign is SCORE:MOVES (both positive) or off');
  process.exit(2);
}
const clock = (flag('--clock') ?? 'cpu') as Clock;
if (!CLOCKS.includes(clock)) {
  console.error(`--clock is one of ${CLOCKS.join(', ')}`);
  process.exit(2);
}
const maxPlies = quick ? 120 : 300;
const topLevel: Level = quick ? 4 : 10;
const only = flag('--rules');
const pairs = args.flatMap((a, i) => (a === '--pair' && args[i + 1] !== undefined ? [args[i + 1]!] : []));
/** The games the ladder plays unless told otherwise: the two this product referees. */
const LADDER_GAMES: readonly string[] = ['senryaku', 'surakarta'];
const games = BUILT_IN_RULESETS.all.filter(
  (r) => engineOf(r) && (only === 'all' || (only === undefined ? LADDER_GAMES.includes(r.id) : r.id === only)),
);
if (games.length === 0) {
  console.error(only ? `no game '${only}' with an engine: ${BUILT_IN_RULESETS.ids.join(', ')}` : 'no game has an engine');
  process.exit(2);
}

const levelPlayer = (level: Level): GamePlayer => ({ kind: 'engine', level, limits: level === 10 ? { movetimeMs: ladderMovetime } : {} });
const tasks: Task[] = [];
/** A pair's games split in batches of at most this many, so that both cores stay busy to the end. */
const BATCH = 10;
const playsByItsScores = (p: GamePlayer): boolean => p.kind === 'engine' && p.level >= 4;
/** The openings by game and seed, each chosen once (in this process) and handed to every batch that plays it. */
const openingCache = new Map<string, string[]>();
const openingJudge = new Searcher(16);
function openingsFor(rules: string, firstSeed: number, games: number): string[][] {
  const engine = engineOf(BUILT_IN_RULESETS.all.find((r) => r.id === rules)!)!;
  const rule = OPENING_RULE[rules] ?? 'balanced';
  return Array.from({ length: Math.ceil(games / 2) }, (_, k) => {
    const seed = firstSeed + 2 * k;
    const key = `${rules} ${seed}`;
    const cached = openingCache.get(key) ?? chooseOpening(engine, rule, seed, openingJudge);
    openingCache.set(key, cached);
    return cached;
  });
}
function addTasks(rules: string, label: string, players: readonly [GamePlayer, GamePlayer], games: number, pliesCap = maxPlies): void {
  const resigns = players.every(playsByItsScores) ? resign : undefined;
  for (let first = 0; first < games; first += BATCH)
    tasks.push({
      openings: [],
      rules,
      label,
      players,
      games: Math.min(BATCH, games - first),
      firstSeed: 1000 + first,
      maxPlies: pliesCap,
      clock,
      resign: resigns,
    });
}
for (const game of games) {
  for (const level of LEVELS.filter((l) => l >= 2 && l <= topLevel))
    addTasks(game.id, `${level} vs ${level - 1}`, [levelPlayer(level), levelPlayer((level - 1) as Level)], gamesPerPair);
  // Against the random-but-safe player half as many games: what they measure (a win rate near 100 %) needs fewer.
  const safeGames = Math.max(2, Math.ceil(gamesPerPair / 4) * 2);
  addTasks(game.id, `${topLevel} vs random-safe`, [levelPlayer(topLevel), { kind: 'random-safe' }], safeGames);
  addTasks(game.id, '1 vs random-safe', [levelPlayer(1), { kind: 'random-safe' }], safeGames);
  if (!quick) {
    // Level 10 at movetime 1000 against level 9, a few moves of two games: does it keep its time?
    const timed: GamePlayer = { kind: 'engine', level: 10, limits: { movetimeMs: 1000 } };
    tasks.push({
      rules: game.id,
      label: '10 at movetime 1000',
      players: [timed, levelPlayer(9)],
      games: 2,
      firstSeed: 1,
      maxPlies: 20,
      clock: 'wall',
      openings: [],
    });
  }
}

if (pairs.length > 0) tasks.splice(0, tasks.length, ...tasks.filter((t) => pairs.includes(t.label)));

function runChild(task: Task): Promise<TaskResult> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), ['--task', JSON.stringify(task)], { execArgv: process.execArgv });
    let result: TaskResult | undefined;
    child.on('message', (m) => (result = m as TaskResult));
    child.on('exit', (code) => (result ? resolve(result) : reject(new Error(`${task.rules} ${task.label}: child exited ${code}`))));
  });
}

const started = performance.now();
// The openings, once for all the pairs that play them (Senryaku's each costs games of its own).
const openingsStarted = performance.now();
const openingsCpu = cpuNow();
let openingsCpuMs = 0;
for (const [i, task] of tasks.entries()) tasks[i] = { ...task, openings: openingsFor(task.rules, task.firstSeed, task.games) };
openingsCpuMs = cpuNow() - openingsCpu;
console.error(
  `openings: ${openingCache.size} in ${((performance.now() - openingsStarted) / 1000).toFixed(0)} s (CPU ${((cpuNow() - openingsCpu) / 1000).toFixed(0)} s)`,
);
const results: TaskResult[] = [];
let next = 0;
let failed = false;
async function worker(): Promise<void> {
  while (next < tasks.length && !failed) {
    const task = tasks[next++]!;
    try {
      // One job: the tasks in this process, one after another (a child's start, the TypeScript
      // loader's, costs more than a quick run's games).
      const result = jobs === 1 ? runTask(task) : await runChild(task);
      results.push(result);
      // Progress on stderr, a batch a line (what a run cut short still has to show).
      const [a, b] = result.stats;
      console.error(
        `${task.rules} ${task.label} seeds ${task.firstSeed}+${task.games}: ${result.wins}-${result.draws}-${result.losses}, ` +
          `moves ${a!.moves}/${b!.moves} nodes ${a!.nodes}/${b!.nodes} ms ${a!.ms.toFixed(0)}/${b!.ms.toFixed(0)} cpu ${a!.cpuMs.toFixed(0)}/${b!.cpuMs.toFixed(0)} max ${a!.maxMs.toFixed(0)}, batch CPU ${result.cpuMs.toFixed(0)} ms, at ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
    } catch (e) {
      failed = true;
      console.error((e as Error).message);
    }
  }
}
await Promise.all(Array.from({ length: jobs }, worker));
if (failed) process.exit(1);

/** The batches of one pair added up. */
function merge(rules: string, label: string): TaskResult | undefined {
  const parts = results.filter((r) => r.task.rules === rules && r.task.label === label);
  if (parts.length === 0) return undefined;
  const sum = (f: (r: TaskResult) => number): number => parts.reduce((a, r) => a + f(r), 0);
  const stats = [0, 1].map((i) => ({
    moves: sum((r) => r.stats[i]!.moves),
    nodes: sum((r) => r.stats[i]!.nodes),
    ms: sum((r) => r.stats[i]!.ms),
    cpuMs: sum((r) => r.stats[i]!.cpuMs),
    maxMs: Math.max(...parts.map((r) => r.stats[i]!.maxMs)),
  }));
  const ends: Record<string, number> = {};
  for (const p of parts) for (const [k, v] of Object.entries(p.ends)) ends[k] = (ends[k] ?? 0) + v;
  return {
    task: { ...parts[0]!.task, games: sum((r) => r.task.games) },
    score: sum((r) => r.score),
    wins: sum((r) => r.wins),
    draws: sum((r) => r.draws),
    losses: sum((r) => r.losses),
    plies: sum((r) => r.plies),
    stats,
    ends,
    cpuMs: sum((r) => r.cpuMs),
  };
}

const pct = (x: number): string => `${(100 * x).toFixed(0)}%`;
const perMove = (s: { moves: number; ms: number }): string => (s.moves === 0 ? '-' : (s.ms / s.moves).toFixed(1));
const nps = (nodes: number, ms: number): string => (ms <= 0 ? '-' : Math.round((nodes / ms) * 1000).toLocaleString('en-US'));
console.log(
  `engine ladder: ${gamesPerPair} games a pair, colours alternating, ${jobs} jobs, level 10 at movetime ${ladderMovetime} ms (${clock} clock)`,
);
console.log(
  `score: the first-named side's, a draw half a point; each game from ${OPENING_PLIES} random plies (${games.map((g) => `${g.name}: ${(OPENING_RULE[g.id] ?? 'balanced') === 'split' ? `level ${SPLIT_LEVEL} against itself won once by each colour` : `scored within ${OPENING_BALANCE} of even at depth ${OPENING_DEPTH}`}`).join('; ')}), played twice with colours swapped; judged at ${maxPlies} plies or a position's ${REPETITIONS}rd time (Surakarta: more pieces in play; the others: a depth-${JUDGE_DEPTH} search, ${JUDGE_MARGIN} ahead wins); ` +
    (resign
      ? `levels 4-10 resign when both have scored the same side ${resign.score} ahead ${resign.moves} searches running`
      : 'no resigning'),
);
for (const game of games) {
  console.log(`\n${game.name}`);
  console.log(
    'pair                      score   W-D-L       plies/game  ends                                   first-named: ms/move  max ms  nodes/s (wall)  nodes/s (CPU)',
  );
  const labels = [...new Set(tasks.filter((t) => t.rules === game.id).map((t) => t.label))];
  for (const label of labels) {
    const r = merge(game.id, label);
    if (!r) continue;
    const s = r.stats[0]!;
    const ends = Object.entries(r.ends)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    console.log(
      [
        label.padEnd(24),
        pct(r.score / r.task.games).padStart(5),
        `${r.wins}-${r.draws}-${r.losses}`.padEnd(10),
        (r.plies / r.task.games).toFixed(0).padStart(10),
        ends.padEnd(38),
        perMove(s).padStart(20),
        s.maxMs.toFixed(0).padStart(6),
        nps(s.nodes, s.ms).padStart(14),
        nps(s.nodes, s.cpuMs).padStart(13),
      ].join('  '),
    );
  }
}
const cpu = results.reduce((a, r) => a + r.cpuMs, 0);
console.log(
  `\nwall ${((performance.now() - started) / 1000).toFixed(0)} s, CPU ${(cpu / 1000).toFixed(0)} s in ${tasks.length} batches and ${(openingsCpuMs / 1000).toFixed(0)} s choosing ${openingCache.size} openings`,
);
