/**
 * Sensing bench, on one core:
 * - throughput of the whole path a board's lines take in the referee (the clock starts with
 *   the FRAME line's text and stops when the pipeline returned its verdicts: decode,
 *   plausibility, sensing, referee), and of `stepSensing` alone on ready-made frames
 *   (goal ≥ 8 000 frames/s, i.e. 100 boards at 80 frames/s);
 * - then the latency bench (bench/latency.ts): from a hand's action to the verdict, for
 *   lifts, placements, rolls and crashes, on a noisy simulated board.
 * Run: npm run bench:sensing
 */
import { RefereePipeline } from '../src/pipeline/referee-pipeline.ts';
import { sensingSetupOf } from '../src/games/senryaku/board.ts';
import { formatBoardMessage } from '../src/protocol/index.ts';
import type { Frame } from '../src/protocol/frame.ts';
import { DEFAULT_REFEREE_SETTINGS, senryakuReferee } from '../src/games/senryaku/referee.ts';
import { createSensingState, stepSensing } from '../src/sensing/pipeline.ts';
import { SynthBoard } from '../test/sensing/synth.ts';
import { latencyReport } from './latency.ts';

const HOME = [16, 17, 25];

function synthFrames(): { b: SynthBoard; frames: Frame[] } {
  const b = new SynthBoard(1);
  for (const w of HOME) b.put(w);
  const frames: Frame[] = [];
  for (let i = 0; i < 40_000; i++) {
    if (i % 160 === 40) b.place(24);
    else if (i % 160 === 120) b.lift(24);
    frames.push(b.next());
  }
  return { b, frames };
}

/** Lines/s from the FRAME text to the referee's verdicts, best of 5 rounds. */
function fullPathThroughput(): number {
  const { b, frames } = synthFrames();
  const lines = frames.map((f) => formatBoardMessage(f));
  let best = 0;
  for (let round = 0; round < 5; round++) {
    const pipeline = new RefereePipeline({
      sensing: sensingSetupOf(b.profile, b.calibration),
      referee: senryakuReferee({ ...DEFAULT_REFEREE_SETTINGS, profile: b.profile }),
    });
    const t0 = performance.now();
    for (let i = 0; i < lines.length; i++) pipeline.feed(lines[i]!, i * 12.5);
    best = Math.max(best, lines.length / ((performance.now() - t0) / 1000));
  }
  return best;
}

function throughput(): number {
  const { b, frames } = synthFrames();
  let best = 0;
  for (let round = 0; round < 5; round++) {
    const state = createSensingState(sensingSetupOf(b.profile, b.calibration));
    const t0 = performance.now();
    for (const f of frames) stepSensing(state, f, 0);
    best = Math.max(best, frames.length / ((performance.now() - t0) / 1000));
  }
  return best;
}

const full = fullPathThroughput();
console.log(
  `full path (FRAME line → decode → plausibility → sensing → referee): ${Math.round(full).toLocaleString('en')} lines/s on one core (${(full / 80).toFixed(0)} boards at 80 frames/s)`,
);
const fps = throughput();
console.log(
  `stepSensing alone on decoded frames: ${Math.round(fps).toLocaleString('en')} frames/s on one core (${(fps / 80).toFixed(0)} boards at 80 frames/s)`,
);
console.log('');
console.log('latency (npm run bench:latency):');
await latencyReport(4, 12, 100, (l) => console.log(`  ${l}`));
