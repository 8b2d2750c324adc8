/**
 * The guided calibration of a board's load cells (what `senryaku calibrate` runs):
 *
 *   1. clear the board, keep still → zero of every cell (with a progress bar)
 *   2. the reference mass on a1, b1, … g6 in turn → each well's scale, detected by itself
 *      once the mass is down and still, then "take it off"
 *   3. the pivots' scales from the same windows (the mass's share on each pivot line)
 *   4. save, summary
 *
 * The math is src/sensing/calibration-measure.ts; this file only collects frames from the
 * link and talks to the person. Nothing is tared on the board. With a simulated board a
 * simulated helper places the mass.
 */
import type { GameWords } from '../rulesets/words.ts';
import { realScheduler, type Scheduler } from '../util/scheduler.ts';
import type { BoardLink } from '../hardware/link/index.ts';
import { DEFAULT_SAMPLE_RATE, type Frame, type Hello } from '../protocol/index.ts';
import type { SimBoard } from '../hardware/sim/index.ts';
import { pointCount, pointName } from '../board/grid.ts';
import { cellCountOf } from '../board/profile.ts';
import { nominalCountsPerGram, type Calibration } from '../sensing/calibration.ts';
import {
  calibrationFromMeasurements,
  measureScale,
  measureZero,
  MIN_RISE_G,
  pivotRiseG,
  type MeasureRejection,
  type ZeroMeasurement,
} from '../sensing/calibration-measure.ts';
import type { CalibrationStore } from './store.ts';
import type { RulesetBoardFile } from '../rulesets/ruleset.ts';
import type { TextOutput } from '../util/text-output.ts';

/** The board streams at its default rate while it is calibrated. */
const FRAMES_PER_S = DEFAULT_SAMPLE_RATE;
/** 2 s of frames: the noise estimate needs many readings, the person little patience. */
const ZERO_FRAMES = 2 * FRAMES_PER_S;
/** 0.5 s of a still mass. */
const SCALE_FRAMES = FRAMES_PER_S / 2;
const ZERO_ATTEMPTS = 3;
const READY_TIMEOUT_MS = 20_000;
const WELL_TIMEOUT_MS = 120_000;
const FRAME_TIMEOUT_MS = 3000;
/** The measured cell stale this many frames in a row (2 s): its HX711 is not answering. */
const SILENT_FRAMES = 2 * FRAMES_PER_S;

/** What calibration needs to know of the board and the game's pieces (a game's reading of the profile file). */
export type CalibrationBoard = Pick<
  RulesetBoardFile,
  'name' | 'hardware' | 'mapped' | 'lightestPieceG' | 'boardOnPivotsG' | 'pivotHalfGap'
>;

/** What the person is asked to do; the simulated helper acts on it. */
export type CalibrationPrompt =
  | { readonly kind: 'clear' }
  | { readonly kind: 'place'; readonly well: number; readonly grams: number }
  | { readonly kind: 'remove'; readonly well: number };

export interface CalibrationSession {
  readonly link: BoardLink;
  /** The board as its profile file says: cells, pivots and load cells, the lightest piece, the board's weight on the pivots. */
  readonly board: CalibrationBoard;
  /** What the game calls its pieces and cells (the steps name them). */
  readonly words: GameWords;
  readonly referenceGrams: number;
  readonly store: CalibrationStore;
  readonly io: TextOutput;
  /** Called at every instruction (the --sim helper). */
  readonly onPrompt?: (prompt: CalibrationPrompt) => void;
  /** Whose clock times the waits (default the real one). */
  readonly scheduler?: Scheduler;
}

/** Frames from the link as an awaitable queue, so the guided flow reads top to bottom. */
class FrameFeed {
  readonly #queue: Frame[] = [];

  constructor(private readonly scheduler: Scheduler) {}

  #waiter: ((f: Frame | undefined) => void) | undefined;
  #off: (() => void) | undefined;

  start(link: BoardLink): void {
    this.#off = link.on('frame', (f) => {
      if (this.#waiter) {
        const w = this.#waiter;
        this.#waiter = undefined;
        w(f);
      } else if (this.#queue.length < 4096) this.#queue.push(f);
    });
  }

  stop(): void {
    this.#off?.();
  }

  /** Drops frames that arrived while nobody listened (the person has moved on since). */
  clear(): void {
    this.#queue.length = 0;
  }

  next(timeoutMs = FRAME_TIMEOUT_MS): Promise<Frame | undefined> {
    const queued = this.#queue.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve) => {
      const timer = this.scheduler.setTimeout(() => {
        this.#waiter = undefined;
        resolve(undefined);
      }, timeoutMs);
      this.#waiter = (f) => {
        this.scheduler.clear(timer);
        resolve(f);
      };
    });
  }
}

export class CalibrationAbort extends Error {}

const progressBar = (done: number, total: number, width = 30): string => {
  const filled = Math.round((done / total) * width);
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.round((done / total) * 100)} %`;
};

const hintsFor = (w: GameWords): Record<MeasureRejection['code'], string> => ({
  TooFewFrames: 'the board sent too few frames: check the link',
  NoReadings: "that cell's HX711 is not answering: check its wiring",
  Saturated: 'overloaded or miswired',
  Noisy: 'is someone touching the board?',
  LevelMoved: 'keep the board still and your hands off it',
  SpherePresent: `take every ${w.piece} off the board`,
  ZeroShifted: 'if the board really is empty, delete the old calibration file and calibrate again',
  RiseTooSmall: 'use a heavier reference mass',
  ScaleOutOfRange: `is the mass on the right ${w.cell}, and is --reference-grams right?`,
});

export async function runCalibration(s: CalibrationSession): Promise<Calibration> {
  const say = (line: string): void => s.io.out(line);
  const scheduler = s.scheduler ?? realScheduler;
  const hello = await waitReady(s.link, scheduler);
  const boardHex = hello.boardId.toString(16).toUpperCase().padStart(8, '0');
  const cellCount = hello.wellCells + hello.pivotCells;
  const hw = s.board.hardware;
  const { mapped } = s.board;
  const wells = mapped ? hw.cells.points : Array.from({ length: hello.wellCells }, (_, i) => i);
  const pivotNames = mapped ? hw.cells.pivots : [];
  const wellName = (well: number): string => pointName(hw.grid, well);
  const cellName = (cell: number): string =>
    cell < hello.wellCells ? wellName(wells[cell] ?? cell) : (pivotNames[cell - hello.wellCells] ?? `pivot ${cell - hello.wellCells}`);
  const HINTS = hintsFor(s.words);
  const explain = (r: MeasureRejection): string => {
    const text = r.cell === undefined ? r.message : r.message.replace(`cell ${r.cell}`, `cell ${r.cell} (${cellName(r.cell)})`);
    return `${text} — ${HINTS[r.code]}`;
  };
  const nominal = nominalCountsPerGram(hw);
  // Pivot cells may be another model (the reference board's are 5 kg bars, its wells 1 kg).
  const pivotNominal = hw.loadCells?.pivots?.nominalCountsPerGram ?? nominal;
  const nominalOf = (cell: number): number => (cell < hello.wellCells ? nominal : pivotNominal);
  // An abstract profile ("sphere" units) has no grams: no pivot preload to expect.
  const onPivotsG = s.board.boardOnPivotsG;
  const sphereG = s.board.lightestPieceG;
  const pivotPreloadG =
    hello.pivotCells > 0 && onPivotsG !== undefined
      ? Array.from({ length: hello.pivotCells }, () => onPivotsG / hello.pivotCells)
      : undefined;
  const previous = s.store.load(hello.boardId, { cellCount });
  if (mapped && cellCount !== cellCountOf(hw)) {
    throw new CalibrationAbort(
      `the board has ${hello.wellCells}+${hello.pivotCells} cells but profile ${s.board.name} maps a different number`,
    );
  }
  say(
    `Calibrating board ${boardHex} (${hello.wellCells} ${s.words.cell} cells, ${hello.pivotCells} pivot cells, firmware ${hello.firmwareVersion}).`,
  );
  if (previous.ok) say(`A previous calibration exists; it is used to spot ${s.words.pieces} left on the board, and will be replaced.`);

  const feed = new FrameFeed(scheduler);
  feed.start(s.link);
  try {
    // 1. Zero.
    let zero: ZeroMeasurement | undefined;
    for (let attempt = 1; attempt <= ZERO_ATTEMPTS && !zero; attempt++) {
      say('');
      say(`Step 1: take every ${s.words.piece} off the board, let go of it, and keep the table still.`);
      s.onPrompt?.({ kind: 'clear' });
      feed.clear();
      const frames: Frame[] = [];
      let lastShown = -1;
      while (frames.length < ZERO_FRAMES) {
        const f = await feed.next();
        if (!f) throw new CalibrationAbort('no frames from the board for 3 s');
        frames.push(f);
        const tenth = Math.floor((frames.length * 10) / ZERO_FRAMES);
        if (tenth !== lastShown) {
          lastShown = tenth;
          say(`measuring zero ${progressBar(frames.length, ZERO_FRAMES)}`);
        }
      }
      const measured = measureZero(frames, {
        nominalCountsPerGram: nominal,
        pivotNominalCountsPerGram: pivotNominal,
        sphereMassG: sphereG,
        wellCount: hello.wellCells,
        ...(pivotPreloadG ? { pivotPreloadG } : {}),
        ...(previous.ok ? { previous: previous.value } : {}),
      });
      if (measured.ok) zero = measured.value;
      else {
        say(`Zero refused (attempt ${attempt} of ${ZERO_ATTEMPTS}):`);
        const reasons = withoutPivotEchoes(measured.error, hello.wellCells);
        for (const r of reasons.slice(0, 5)) say(`  ${explain(r)}`);
        if (reasons.length > 5) say(`  … and ${reasons.length - 5} more`);
      }
    }
    if (!zero) throw new CalibrationAbort(`no clean zero after ${ZERO_ATTEMPTS} attempts`);
    const worstNoise = Math.max(...zero.noiseG);
    say(`Zero done: ${zero.frames} frames, worst noise ${worstNoise.toFixed(2)} g.`);

    // 2. One well after the other, a1 … g6.
    const countsPerGram = Array.from({ length: cellCount }, (_, cell) => nominalOf(cell));
    const pivotScales: number[][] = Array.from({ length: hello.pivotCells }, () => []);
    const pivotRejections: (MeasureRejection | undefined)[] = [];
    const order = [...Array(pointCount(hw.grid)).keys()].filter((w) => wells.includes(w));
    say('');
    say(`Step 2: the reference mass (${s.referenceGrams} g) on each ${s.words.cell} in turn. Set it down gently and let go;`);
    say('it is measured by itself when it is still. Then take it off.');
    for (const [k, well] of order.entries()) {
      const cell = wells.indexOf(well);
      const name = wellName(well);
      say(`[${k + 1}/${order.length}] place the mass on ${name}`);
      s.onPrompt?.({ kind: 'place', well, grams: s.referenceGrams });
      feed.clear();
      const window = await waitForStillMass(feed, cell, zero.levels, nominal, s.referenceGrams, cellName, say, HINTS.NoReadings);
      const scale = measureScale(window, {
        cell,
        baseline: zero.levels[cell] ?? 0,
        riseG: s.referenceGrams,
        nominalCountsPerGram: nominal,
      });
      if (!scale.ok) throw new CalibrationAbort(explain(scale.error[0]!));
      countsPerGram[cell] = scale.value.countsPerGram;
      say(
        `    ${name}: ${scale.value.countsPerGram.toFixed(1)} counts/g (${((scale.value.countsPerGram / nominal) * 100).toFixed(1)} % of nominal)`,
      );
      // Pivot lines: the mass's share on each, while it is still on this well.
      const rise = pivotRiseG(s.board.pivotHalfGap, hw.grid, well, s.referenceGrams);
      for (let p = 0; p < hello.pivotCells && rise; p++) {
        const riseG = p === 0 ? rise.white : p === 1 ? rise.black : 0;
        if (Math.abs(riseG) < MIN_RISE_G) continue;
        const pc = hello.wellCells + p;
        const ps = measureScale(window, { cell: pc, baseline: zero.levels[pc] ?? 0, riseG, nominalCountsPerGram: pivotNominal });
        if (ps.ok) pivotScales[p]!.push(ps.value.countsPerGram);
        else pivotRejections[p] = ps.error[0];
      }
      say(`    take the mass off ${name}`);
      s.onPrompt?.({ kind: 'remove', well });
      await waitForRemoval(feed, cell, zero.levels, nominal, s.referenceGrams, cellName, HINTS.NoReadings);
    }

    // 3. Pivots: the median of the windows that loaded them enough.
    for (let p = 0; p < hello.pivotCells; p++) {
      const scales = [...pivotScales[p]!].sort((a, b) => a - b);
      const median = scales[Math.floor(scales.length / 2)];
      const name = cellName(hello.wellCells + p);
      if (median === undefined) {
        const why = pivotRejections[p];
        say(`${name}: no usable reading${why ? ` (last: ${explain(why)})` : ''}; keeping the nominal ${pivotNominal} counts/g`);
      } else {
        countsPerGram[hello.wellCells + p] = median;
        say(`${name}: ${median.toFixed(1)} counts/g (median of ${scales.length} placements)`);
      }
    }

    // 4. Save.
    const calibration = calibrationFromMeasurements({
      boardId: hello.boardId,
      createdAt: new Date().toISOString(),
      zero,
      countsPerGram,
      wellCount: hello.wellCells,
      ...(pivotPreloadG ? { pivotPreloadG } : {}),
    });
    const saved = s.store.save(calibration);
    if (!saved.ok) throw new CalibrationAbort(saved.error.message);
    const wellScales = countsPerGram.slice(0, hello.wellCells);
    say('');
    say(`Saved ${saved.value}`);
    say(
      `Summary: ${cellCount} cells; ${s.words.cell} scales ${Math.min(...wellScales).toFixed(1)}…${Math.max(...wellScales).toFixed(1)} counts/g ` +
        `(nominal ${nominal}); worst zero noise ${worstNoise.toFixed(2)} g.`,
    );
    return calibration;
  } finally {
    feed.stop();
  }
}

/**
 * A sphere found on a well also loads (or, beyond a rail, unloads) the pivot rails: their
 * "sphere present" / "zero shifted" verdicts then only echo it, and would send the person
 * looking for a sphere on a rail or deleting a good calibration. Left out of what is said.
 */
function withoutPivotEchoes(rejections: readonly MeasureRejection[], wellCells: number): MeasureRejection[] {
  const sphereOnWell = rejections.some((r) => r.code === 'SpherePresent' && r.cell !== undefined && r.cell < wellCells);
  if (!sphereOnWell) return [...rejections];
  return rejections.filter(
    (r) => !(r.cell !== undefined && r.cell >= wellCells && (r.code === 'SpherePresent' || r.code === 'ZeroShifted')),
  );
}

function waitReady(link: BoardLink, scheduler: Scheduler): Promise<Hello> {
  if (link.state === 'ready' && link.hello) return Promise.resolve(link.hello);
  return new Promise((resolve, reject) => {
    const timer = scheduler.setTimeout(() => {
      off();
      reject(new CalibrationAbort(`the board did not become ready within ${READY_TIMEOUT_MS / 1000} s`));
    }, READY_TIMEOUT_MS);
    const off = link.on('state', (st) => {
      if (st.state === 'ready') {
        scheduler.clear(timer);
        off();
        resolve(st.hello);
      } else if (st.state === 'failed') {
        scheduler.clear(timer);
        off();
        reject(new CalibrationAbort(st.message));
      }
    });
  });
}

const riseOf = (f: Frame, cell: number, levels: readonly number[], nominal: number): number =>
  f.stale.includes(cell) ? NaN : ((f.cells[cell] ?? 0) - (levels[cell] ?? 0)) / nominal;

/** Counts the measured cell's stale frames in a row; aborts, naming the cell, when it has gone silent. */
function silenceWatch(cell: number, cellName: (cell: number) => string, hint: string): (f: Frame) => boolean {
  let staleInARow = 0;
  return (f) => {
    if (!f.stale.includes(cell)) {
      staleInARow = 0;
      return false;
    }
    if (++staleInARow >= SILENT_FRAMES) {
      throw new CalibrationAbort(
        `cell ${cell} (${cellName(cell)}) has sent no fresh reading for ${SILENT_FRAMES / FRAMES_PER_S} s — ${hint}`,
      );
    }
    return true;
  };
}

/**
 * Waits until the target cell carries about the reference mass and holds still for a
 * window; tells the person once if the mass seems to be on another well.
 */
async function waitForStillMass(
  feed: FrameFeed,
  cell: number,
  levels: readonly number[],
  nominal: number,
  grams: number,
  cellName: (cell: number) => string,
  say: (line: string) => void,
  silentHint: string,
): Promise<Frame[]> {
  const window: Frame[] = [];
  let warned = false;
  let waited = 0;
  const periodMs = 1000 / FRAMES_PER_S;
  const stale = silenceWatch(cell, cellName, silentHint);
  for (;;) {
    const f = await feed.next();
    if (!f) throw new CalibrationAbort('no frames from the board for 3 s');
    waited += periodMs;
    if (waited > WELL_TIMEOUT_MS) throw new CalibrationAbort(`no still mass on ${cellName(cell)} within ${WELL_TIMEOUT_MS / 1000} s`);
    // A stale frame says nothing about the mass: skip it rather than start the window over.
    if (stale(f)) continue;
    const rise = riseOf(f, cell, levels, nominal);
    if (!(rise > grams / 2)) {
      window.length = 0;
      if (!warned) {
        const elsewhere = f.cells.findIndex((_, c) => c !== cell && riseOf(f, c, levels, nominal) > grams / 2 && c < levels.length);
        if (elsewhere >= 0) {
          warned = true;
          say(`    the mass seems to be on ${cellName(elsewhere)}, not ${cellName(cell)}`);
        }
      }
      continue;
    }
    window.push(f);
    if (window.length > SCALE_FRAMES) window.shift();
    if (window.length < SCALE_FRAMES) continue;
    // Still = the spread within the window is small against the mass (the full checks run after).
    const rises = window.map((w) => riseOf(w, cell, levels, nominal)).filter((r) => !Number.isNaN(r));
    if (Math.max(...rises) - Math.min(...rises) < grams / 8) return [...window];
  }
}

async function waitForRemoval(
  feed: FrameFeed,
  cell: number,
  levels: readonly number[],
  nominal: number,
  grams: number,
  cellName: (cell: number) => string,
  silentHint: string,
): Promise<void> {
  let waited = 0;
  const stale = silenceWatch(cell, cellName, silentHint);
  for (;;) {
    const f = await feed.next();
    if (!f) throw new CalibrationAbort('no frames from the board for 3 s');
    waited += 1000 / 80;
    if (waited > WELL_TIMEOUT_MS) throw new CalibrationAbort('the mass was not taken off');
    if (stale(f)) continue;
    if (riseOf(f, cell, levels, nominal) < grams / 4) return;
  }
}

/** The --sim helper: a person who does what they are told, a little later. */
export function simulatedHelper(sim: SimBoard, pressMs = 1500, scheduler: Scheduler = realScheduler): (p: CalibrationPrompt) => void {
  return (p) => {
    if (p.kind !== 'place') return;
    scheduler.setTimeout(() => void sim.press(p.well, p.grams, { durationMs: pressMs }), 200);
  };
}
