/**
 * A program that speaks the engine protocol (docs/engine.md) for take-away (a pile of stones,
 * take 1 to 3, who takes the last wins), written apart from the engine's own server so the
 * client is tested against another program than the one it is paired with. Run as
 * `node --import tsx test/support/fake-engine.ts [FLAGS]`; the flags make it misbehave:
 *   --rules ID      name another game in `id rules`
 *   --no-level      declare no Level option
 *   --die-on-go     write to stderr and exit 3 on `go`
 *   --silent-go     never answer `go`
 *   --ignore-quit   stay on after `quit`
 * It writes every line it hears to stderr prefixed by `heard: ` (the client keeps only the last).
 */
import { createInterface } from 'node:readline';

const flags = new Set(process.argv.slice(2));
const rulesAt = process.argv.indexOf('--rules');
const rules = rulesAt > 0 ? process.argv[rulesAt + 1] : 'take-away';
const say = (line: string) => process.stdout.write(`${line}\n`);

let stones = 10;
for await (const line of createInterface({ input: process.stdin })) {
  process.stderr.write(`heard: ${line}\n`);
  const [word, ...rest] = line.trim().split(/\s+/);
  if (word === 'uci') {
    say('id name Fake Engine');
    say(`id rules ${rules}`);
    if (!flags.has('--no-level')) say('option name Level type spin default 10 min 1 max 10');
    say('uciok');
  } else if (word === 'isready') say('readyok');
  else if (word === 'position') {
    // `position <stones> <side> [moves t1 ...]` or `position startpos [moves ...]`.
    stones = rest[0] === 'startpos' ? 10 : Number(rest[0]);
    const movesAt = rest.indexOf('moves');
    if (movesAt >= 0) for (const m of rest.slice(movesAt + 1)) stones -= Number(m.slice(1));
  } else if (word === 'go') {
    if (flags.has('--die-on-go')) {
      process.stderr.write('out of memory\n');
      process.exit(3);
    }
    if (flags.has('--silent-go')) continue;
    const take = stones % 4 === 0 ? 1 : stones % 4;
    say(`info depth 1 score cp ${stones % 4 === 0 ? -100 : 100} nodes 3 nps 3000 time 1 pv t${take}`);
    say(stones === 0 ? 'bestmove (none)' : `bestmove t${take}`);
  } else if (word === 'quit' && !flags.has('--ignore-quit')) break;
}
// Standard input ended or `quit`: the program ends (with --ignore-quit, only when killed or its input closes).
process.exit(0);
