/**
 * Perft benchmark: leaves per second for perft(DEPTH) from the start, on one core.
 * Usage: npm run bench:perft [-- [--rules senryaku|surakarta] DEPTH [POSITION]]
 * Senryaku is the default (depth 6, SPN); Surakarta's default depth is 5.
 */
import * as senryaku from '../src/games/senryaku/rules/index.ts';
import * as surakarta from '../src/games/surakarta/rules/index.ts';

interface Game<P> {
  readonly defaultDepth: number;
  readonly start: string;
  readonly notation: string;
  parse(text: string): { ok: true; value: P } | { ok: false; error: { message: string } };
  perft(pos: P, depth: number): number;
}

const GAMES = {
  senryaku: {
    defaultDepth: 6,
    start: senryaku.START_SPN,
    notation: 'SPN',
    parse: senryaku.parseSpn,
    perft: (p, d) => senryaku.perft(p, d),
  },
  surakarta: {
    defaultDepth: 5,
    start: surakarta.START_POSITION,
    notation: 'position',
    parse: surakarta.parsePosition,
    perft: surakarta.perft,
  },
} satisfies { senryaku: Game<senryaku.Position>; surakarta: Game<surakarta.Position> };

const args = process.argv.slice(2);
const rulesAt = args.indexOf('--rules');
const rules = rulesAt < 0 ? 'senryaku' : args.splice(rulesAt, 2)[1];
if (rules !== 'senryaku' && rules !== 'surakarta') {
  console.error(`--rules is one of ${Object.keys(GAMES).join(', ')}, not '${rules ?? ''}'`);
  process.exit(2);
}

function run<P>(game: Game<P>): void {
  const depth = Number(args[0] ?? game.defaultDepth);
  const text = args[1] ?? game.start;
  const parsed = game.parse(text);
  if (!parsed.ok) {
    console.error(`bad ${game.notation}: ${parsed.error.message}`);
    process.exit(2);
  }

  game.perft(parsed.value, Math.min(depth, 4)); // warm the JIT
  const runs: number[] = [];
  let leaves = 0;
  for (let i = 0; i < 3; i++) {
    const t0 = process.hrtime.bigint();
    leaves = game.perft(parsed.value, depth);
    runs.push(Number(process.hrtime.bigint() - t0) / 1e9);
  }
  const best = Math.min(...runs);
  if (rulesAt >= 0) console.log(`rules      ${rules}`); // Senryaku's output without --rules is as it always was
  console.log(`position   ${text}`);
  console.log(`perft(${depth})   ${leaves}`);
  console.log(`time       best ${best.toFixed(3)} s of ${runs.length} runs (${runs.map((r) => r.toFixed(3)).join(', ')})`);
  console.log(`leaves/s   ${Math.round(leaves / best).toLocaleString('en-US')}`);
}

if (rules === 'senryaku') run<senryaku.Position>(GAMES.senryaku);
else run<surakarta.Position>(GAMES.surakarta);
