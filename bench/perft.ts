/**
 * Perft benchmark: leaves per CPU second for perft(DEPTH) on one core, the TypeScript rules core
 * against a C build of the same algorithm (bench/c/, gcc -O2: the same board layout, the same
 * make/unmake, the last ply counted without playing it, Senryaku's perft(2) from the opponent's
 * reach). The two take turns, ROUNDS times; each figure is a run's CPU time (JavaScript:
 * process.cpuUsage around the perft call, in this process, after a warm-up; C: its own
 * CLOCK_PROCESS_CPUTIME_ID around the count), so a busy machine slows both alike and the ratio holds.
 *
 * Usage: npm run bench:perft [-- [--rules senryaku|surakarta] [--rounds N] DEPTH [POSITION]]
 * Senryaku is the default (depth 7, SPN); Surakarta's default depth is 6.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as senryaku from '../src/games/senryaku/rules/index.ts';
import * as surakarta from '../src/games/surakarta/rules/index.ts';

interface Game<P> {
  readonly defaultDepth: number;
  readonly start: string;
  readonly notation: string;
  readonly source: string;
  parse(text: string): { ok: true; value: P } | { ok: false; error: { message: string } };
  perft(pos: P, depth: number): number;
  /** The C program's arguments after DEPTH for this position (RUNS last). */
  cArgs(pos: P): string[];
}

const model = senryaku.DEFAULT_MODEL;
const GAMES = {
  senryaku: {
    defaultDepth: 7,
    start: senryaku.START_SPN,
    notation: 'SPN',
    source: 'senryaku-perft.c',
    parse: senryaku.parseSpn,
    perft: (p, d) => senryaku.perft(p, d),
    cArgs: (p) => [
      Array.from(p.board).join(''),
      p.turn === 'white' ? '0' : '1',
      String(p.locked.white ?? -1),
      String(p.locked.black ?? -1),
      String(model.boardMass),
      String(model.halfGap),
      ...Array.from(model.massByCell.subarray(1), String),
    ],
  },
  surakarta: {
    defaultDepth: 6,
    start: surakarta.START_POSITION,
    notation: 'position',
    source: 'surakarta-perft.c',
    parse: surakarta.parsePosition,
    perft: surakarta.perft,
    cArgs: (p) => [Array.from(p.board).join(''), p.turn === 'light' ? '0' : '1'],
  },
} satisfies { senryaku: Game<senryaku.Position>; surakarta: Game<surakarta.Position> };

const args = process.argv.slice(2);
const take = (flag: string): string | undefined => {
  const at = args.indexOf(flag);
  return at < 0 ? undefined : args.splice(at, 2)[1];
};
const rules = take('--rules') ?? 'senryaku';
const rounds = Number(take('--rounds') ?? 3);
if (rules !== 'senryaku' && rules !== 'surakarta') {
  console.error(`--rules is one of ${Object.keys(GAMES).join(', ')}, not '${rules}'`);
  process.exit(2);
}

/** The C program, built once per source text into the temporary directory. */
function buildC(source: string): string | undefined {
  const path = new URL(`c/${source}`, import.meta.url).pathname;
  const hash = createHash('sha256').update(readFileSync(path)).digest('hex').slice(0, 12);
  const dir = join(tmpdir(), 'senryaku-bench-c');
  const exe = join(dir, `${source.replace(/\.c$/, '')}-${hash}`);
  if (existsSync(exe)) return exe;
  mkdirSync(dir, { recursive: true });
  try {
    execFileSync('gcc', ['-O2', '-o', exe, path, '-lm'], { stdio: 'pipe' });
    return exe;
  } catch (e) {
    console.error(`no C build (gcc -O2 ${path}): ${(e as Error).message.split('\n')[0]}; timing the TypeScript alone`);
    return undefined;
  }
}

const cpuSeconds = (f: () => void): number => {
  const before = process.cpuUsage();
  f();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1e6;
};
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const rate = (leaves: number, s: number): string => `${Math.round(leaves / s / 1e6).toLocaleString('en-US')} M leaves/s`;

function run<P>(game: Game<P>): void {
  const depth = Number(args[0] ?? game.defaultDepth);
  const text = args[1] ?? game.start;
  const parsed = game.parse(text);
  if (!parsed.ok) {
    console.error(`bad ${game.notation}: ${parsed.error.message}`);
    process.exit(2);
  }
  const exe = buildC(game.source);
  game.perft(parsed.value, Math.min(depth, 5)); // warm the JIT
  console.log(`rules      ${rules}`);
  console.log(`position   ${text}`);
  let leaves = 0;
  const ratios: number[] = [];
  const jsTimes: number[] = [];
  const cTimes: number[] = [];
  for (let round = 1; round <= rounds; round++) {
    const js = cpuSeconds(() => (leaves = game.perft(parsed.value, depth)));
    jsTimes.push(js);
    let line = `round ${round}    TypeScript ${js.toFixed(3)} s (${rate(leaves, js)})`;
    if (exe) {
      const [cLeaves, cTime] = execFileSync(exe, [String(depth), ...game.cArgs(parsed.value), '1'], { encoding: 'utf8' })
        .trim()
        .split(' ')
        .map(Number) as [number, number];
      if (cLeaves !== leaves) throw new Error(`the C build counts ${cLeaves} leaves, the rules core ${leaves}: not the same algorithm`);
      cTimes.push(cTime);
      ratios.push(cTime / js);
      line += `   C ${cTime.toFixed(3)} s (${rate(leaves, cTime)})   TypeScript/C speed ${(cTime / js).toFixed(2)}`;
    }
    console.log(line);
  }
  console.log(`perft(${depth})   ${leaves}`);
  console.log(`TypeScript ${rate(leaves, median(jsTimes))} (median CPU time of ${rounds} runs)`);
  if (exe) {
    console.log(`C          ${rate(leaves, median(cTimes))} (gcc -O2, bench/c/${game.source})`);
    console.log(
      `speed      TypeScript at ${median(ratios).toFixed(2)}× the C build (median of ${rounds} paired rounds; ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`,
    );
  }
}

if (rules === 'senryaku') run<senryaku.Position>(GAMES.senryaku);
else run<surakarta.Position>(GAMES.surakarta);
