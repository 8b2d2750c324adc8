/**
 * Perft benchmark: leaves per second for perft(DEPTH) from the start (default 6), on one core.
 * Usage: npm run bench:perft [-- DEPTH [SPN]]
 */
import { START_SPN, parseSpn, perft } from '../src/rules/senryaku/index.ts';

const depth = Number(process.argv[2] ?? 6);
const spn = process.argv[3] ?? START_SPN;
const parsed = parseSpn(spn);
if (!parsed.ok) {
  console.error(`bad SPN: ${parsed.error.message}`);
  process.exit(2);
}

perft(parsed.value, Math.min(depth, 4)); // warm the JIT
const runs: number[] = [];
let leaves = 0;
for (let i = 0; i < 3; i++) {
  const t0 = process.hrtime.bigint();
  leaves = perft(parsed.value, depth);
  runs.push(Number(process.hrtime.bigint() - t0) / 1e9);
}
const best = Math.min(...runs);
console.log(`position   ${spn}`);
console.log(`perft(${depth})   ${leaves}`);
console.log(`time       best ${best.toFixed(3)} s of ${runs.length} runs (${runs.map((r) => r.toFixed(3)).join(', ')})`);
console.log(`leaves/s   ${Math.round(leaves / best).toLocaleString('en-US')}`);
