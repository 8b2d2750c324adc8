/**
 * Sensing bench, on one core:
 * - throughput of the whole path a board's lines take in the referee (the clock starts with
 *   the FRAME line's text and stops when the pipeline returned its verdicts: decode,
 *   plausibility, sensing, referee), and of `stepSensing` alone on ready-made frames
 *   (goal ≥ 8 000 frames/s, i.e. 100 boards at 80 frames/s);
 * - the delay in frames between a sphere settling (its noise-free load entering ±3 g of the
 *   new level for good) and its event (goal ≤ 4).
 * Run: npm run bench:sensing
 */
import { RefereePipeline } from '../src/app/referee-pipeline.ts';
import { formatBoardMessage } from '../src/hardware/protocol/index.ts';
import type { Frame } from '../src/hardware/protocol/frame.ts';
import { senryakuReferee } from '../src/referee/senryaku/index.ts';
import { DEFAULT_REFEREE_SETTINGS } from '../src/referee/senryaku/settings.ts';
import { createSensingState, stepSensing } from '../src/sensing/pipeline.ts';
import { PERIOD_MS, SynthBoard } from '../test/sensing/synth.ts';

const HOME = [16, 17, 25];

function synthFrames(): { b: SynthBoard; frames: Frame[] } {
  const b = new SynthBoard(1);
  for (const w of HOME) b.put(w);
  const frames: Frame[] = [];
  for (let i = 0; i < 40_000; i++) {
    if (i % 80 === 40) (i % 160 === 40 ? b.place(24) : b.lift(24));
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
    const pipeline = new RefereePipeline({ profile: b.profile, calibration: b.calibration, referee: senryakuReferee({ ...DEFAULT_REFEREE_SETTINGS, profile: b.profile }) });
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
    const state = createSensingState(b.profile, b.calibration);
    const t0 = performance.now();
    for (const f of frames) stepSensing(state, f, 0);
    best = Math.max(best, frames.length / ((performance.now() - t0) / 1000));
  }
  return best;
}

/** Delay, in frames, of the event of one placement (or lift) of well 24 on a fresh board. */
function delay(seed: number, lift: boolean): number {
  const b = new SynthBoard(seed);
  for (const w of HOME) b.put(w);
  if (lift) b.put(24);
  const state = createSensingState(b.profile, b.calibration);
  for (let i = 0; i < 80; i++) stepSensing(state, b.next(), 0);
  const t0 = b.t;
  if (lift) b.lift(24);
  else b.place(24, 'w', t0, 0.5 + (seed % 5) * 0.4);
  const target = lift ? 0 : 60;
  for (let k = 0; k < 120; k++) {
    const { events } = stepSensing(state, b.next(), 0);
    if (events.some((e) => e.type === (lift ? 'sphere-lifted' : 'sphere-placed'))) {
      let lastOut = -1;
      for (let j = 0; j <= k; j++) if (Math.abs(b.wellGrams(24, t0 + j * PERIOD_MS) - target) > 3) lastOut = j;
      return k - (lastOut + 1);
    }
  }
  return Infinity;
}

const stats = (xs: number[]): string => {
  const s = [...xs].sort((a, b) => a - b);
  return `median ${s[Math.floor(s.length / 2)]}, max ${s[s.length - 1]} (n = ${s.length})`;
};

const full = fullPathThroughput();
console.log(`full path (FRAME line → decode → plausibility → sensing → referee): ${Math.round(full).toLocaleString('en')} lines/s on one core (${(full / 80).toFixed(0)} boards at 80 frames/s)`);
const fps = throughput();
console.log(`stepSensing alone on decoded frames: ${Math.round(fps).toLocaleString('en')} frames/s on one core (${(fps / 80).toFixed(0)} boards at 80 frames/s)`);
const seeds = Array.from({ length: 500 }, (_, i) => i + 1);
console.log(`placement delay, frames after settling: ${stats(seeds.map((s) => delay(s, false)))}`);
console.log(`lift delay, frames after settling:      ${stats(seeds.map((s) => delay(s, true)))}`);
