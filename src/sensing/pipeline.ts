/**
 * The sensing pipeline as a pure step: `stepSensing(state, input, nowMs) → { state, events }`.
 * No timers, no clock, no I/O: time comes from the frames (board ms); `nowMs`, the host's
 * time of the input, only dates a gap notice, which carries no board time.
 *
 * State is plain data (typed arrays and plain objects) that `stepSensing` mutates in
 * place and returns; nothing else mutates it, apart from the game's balance function (a
 * function the app handed in, never changed). Keep a snapshot with `cloneSensingState`
 * (structuredClone of the data, the same function) — e.g. to replay inputs from a known point.
 *
 * Sensing knows no game: the board is the hardware profile's grid and cells, the pieces
 * are what the game says they weigh (game.ts).
 *
 * One frame, in order: link check (gap / timestamp jump) → tilt switches → per cell:
 * fault checks, then calibration to grams, the glitch check and the well tracker (stale
 * and faulty cells are skipped; a sample that jumps waits a frame for the next to say
 * whether it was a glitch, glitch.ts) → pivot sum (glitch-checked the same way) → well
 * changes through the lift/roll logic → interference → leaning → zero tracking (readings
 * are taken relative to the tracked zeros, zero-tracker.ts).
 * The frame's events are then dated at the frame (events.ts: `atMs` and `sinceMs`).
 */
import type { Frame } from '../protocol/frame.ts';
import type { Tilt } from '../protocol/fields.ts';
import type { HardwareProfile } from '../board/profile.ts';
import type { Calibration } from './calibration.ts';
import { createClock, unwrapMs, type BoardClock } from './clock.ts';
import { createConfig, type SensingConfig } from './config.ts';
import type { SensingEvent, WellState } from './events.ts';
import type { BalanceMargins, SensingGame } from './game.ts';
import { checkCell, createFaultBank, followBlindLoad, isFaulty, noteBlindPoints, type FaultBank } from './faults.ts';
import {
  FEED_HELD,
  FEED_HELD_AND_NEW,
  FEED_NEW,
  createGlitchBank,
  despike,
  resetChannel,
  resetGlitchBank,
  type GlitchBank,
  type HeldSample,
} from './glitch.ts';
import { createInterferenceState, observeExcess, observePresses, pauseInterference, type InterferenceState } from './interference.ts';
import { createLeanState, observeLean, type LeanState } from './leaning.ts';
import type { SensingOptions } from './options.ts';
import { checkPending, createRollState, onArrival, onDeparture, pendingGrams, type RollState } from './roll.ts';
import { createSettleBank, pushSample, resetBank, type SettleBank } from './settle.ts';
import { createTiltState, observeTilt, type TiltState } from './tilt.ts';
import { createWellBank, forgetWindows, trackWell, SPHERE_CLASS, type WellBank, type WellChange } from './well-tracker.ts';
import { createZeroState, forgetSphere, trackZeros, type ZeroState } from './zero-tracker.ts';

/** A TILT line (the protocol's TiltEvent has this shape). */
export interface TiltInput {
  readonly type: 'tilt';
  readonly ms: number;
  readonly tilt: Tilt;
}

/** The link saw `missing` frames lost (a sequence gap, or lines discarded as corrupt). */
export interface GapInput {
  readonly type: 'gap';
  readonly missing: number;
}

export type SensingInput = Frame | TiltInput | GapInput;

export interface LinkState {
  /** Board time of the last frame, or NaN before the first. */
  lastFrameMs: number;
  /** Host time when it arrived. */
  lastFrameHostMs: number;
  /** Frames a gap notice announced, so the timestamp jump that follows is not reported again. */
  announced: number;
  missingActive: boolean;
  cleanRun: number;
}

/** Everything a sensing pipeline is built from. */
export interface SensingSetup {
  readonly hardware: HardwareProfile;
  readonly game: SensingGame;
  readonly calibration: Calibration;
  readonly options?: Partial<SensingOptions>;
  /** The game's balance model, for leaning (none: no leaning events). */
  readonly balanceMargins?: BalanceMargins | undefined;
}

export interface SensingState {
  readonly config: SensingConfig;
  /** Not data: the game's function (see SensingSetup), shared by clones. */
  readonly balanceMargins: BalanceMargins | undefined;
  readonly clock: BoardClock;
  readonly link: LinkState;
  readonly faults: FaultBank;
  readonly wells: WellBank;
  /** Sum of the pivot cells, grams: its window mean smooths the noise over k frames. */
  readonly pivots: SettleBank;
  readonly roll: RollState;
  readonly interference: InterferenceState;
  readonly tilt: TiltState;
  readonly lean: LeanState;
  /** Tracked zero of every cell (grams off the calibrated reading). */
  readonly zeros: ZeroState;
  /** Single-sample glitch check: one channel per cell (the pivot cells' unused), then the pivots' sum (glitch.ts). */
  readonly glitches: GlitchBank;
  /** Scratch: stale flag per cell for the frame being processed. */
  readonly staleScratch: Uint8Array;
  /** Scratch: 1 per cell whose sample reached the wells in this frame. */
  readonly fedScratch: Uint8Array;
  /** Scratch: the held sample a glitch check lets go. */
  readonly heldScratch: HeldSample;
}

export interface SensingStep {
  readonly state: SensingState;
  readonly events: SensingEvent[];
}

export function createSensingState(setup: SensingSetup): SensingState {
  const config = createConfig(setup.hardware, setup.game, setup.calibration, setup.options);
  return {
    config,
    balanceMargins: setup.balanceMargins,
    clock: createClock(),
    link: { lastFrameMs: NaN, lastFrameHostMs: 0, announced: 0, missingActive: false, cleanRun: 0 },
    faults: createFaultBank(config.cellCount),
    wells: createWellBank(config.pointCount, config),
    pivots: createSettleBank(1, config.options.settleFrames, Infinity),
    roll: createRollState(),
    interference: createInterferenceState(),
    tilt: createTiltState(),
    lean: createLeanState(config.pointCount),
    zeros: createZeroState(config.cellCount, config.pointCount),
    glitches: createGlitchBank(config.cellCount + 1),
    staleScratch: new Uint8Array(config.cellCount),
    fedScratch: new Uint8Array(config.cellCount),
    heldScratch: { value: 0, atMs: 0 },
  };
}

/** A deep copy of the data; the balance function (not cloneable, and never changed) is shared. */
export const cloneSensingState = (state: SensingState): SensingState => ({
  ...structuredClone({ ...state, balanceMargins: undefined }),
  balanceMargins: state.balanceMargins,
});

export function stepSensing(state: SensingState, input: SensingInput, nowMs: number): SensingStep {
  const events: SensingEvent[] = [];
  switch (input.type) {
    case 'frame':
      stepFrame(state, input, nowMs, events);
      completedAt(events, state.link.lastFrameMs);
      break;
    case 'tilt':
      observeTilt(state.tilt, input.tilt, unwrapMs(state.clock, input.ms), events);
      break;
    case 'gap':
      onGap(state, input.missing, nowMs, events);
      break;
  }
  return { state, events };
}

/**
 * Every event of a frame is dated at that frame: it is when sensing knew. The detectors date
 * a change from its physical start (a settle window's first frame, an excess run's start);
 * that time is kept as `sinceMs`.
 */
function completedAt(events: SensingEvent[], atMs: number): void {
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    if (e.atMs < atMs) events[i] = { ...e, sinceMs: e.atMs, atMs };
  }
}

function onGap(state: SensingState, missing: number, nowMs: number, events: SensingEvent[]): void {
  if (missing <= 0) return;
  const { link } = state;
  const atMs = Number.isNaN(link.lastFrameMs) ? 0 : link.lastFrameMs + Math.max(0, nowMs - link.lastFrameHostMs);
  link.announced += missing;
  startMissing(state, missing, atMs, events);
}

function startMissing(state: SensingState, missing: number, atMs: number, events: SensingEvent[]): void {
  events.push({ type: 'frames-missing', atMs, missing });
  state.link.missingActive = true;
  state.link.cleanRun = 0;
  // Samples either side of a gap are not consecutive: settle windows start again.
  forgetWindows(state.wells);
  resetBank(state.pivots);
  resetGlitchBank(state.glitches);
  pauseInterference(state.interference);
}

function checkLink(state: SensingState, atMs: number, nowMs: number, events: SensingEvent[]): void {
  const { link, config } = state;
  const period = 1000 / config.options.frameRate;
  let clean = true;
  if (!Number.isNaN(link.lastFrameMs)) {
    const skipped = Math.round((atMs - link.lastFrameMs) / period) - 1;
    if (skipped > 0 && atMs - link.lastFrameMs > 1.5 * period) {
      clean = false;
      // A jump the link already announced is the same gap.
      if (skipped > link.announced) startMissing(state, skipped - link.announced, link.lastFrameMs + period, events);
    }
  }
  if (link.announced > 0) clean = false;
  link.announced = 0;
  link.lastFrameMs = atMs;
  link.lastFrameHostMs = nowMs;
  if (!link.missingActive) return;
  link.cleanRun = clean ? link.cleanRun + 1 : 0;
  if (link.cleanRun >= config.options.resumeFrames) {
    link.missingActive = false;
    events.push({ type: 'frames-resumed', atMs });
  }
}

function stepFrame(state: SensingState, frame: Frame, nowMs: number, events: SensingEvent[]): void {
  const { config, faults, wells } = state;
  const atMs = unwrapMs(state.clock, frame.ms);
  checkLink(state, atMs, nowMs, events);
  observeTilt(state.tilt, frame.tilt, atMs, events);

  const stale = state.staleScratch;
  stale.fill(0);
  for (const c of frame.stale) if (c < stale.length) stale[c] = 1;

  const changes: WellChange[] = [];
  const n = Math.min(config.cellCount, frame.cells.length);
  const fed = state.fedScratch;
  fed.fill(0);
  let pivotSum = 0;
  let pivotsFresh = config.pivotCells.length > 0;
  for (let c = 0; c < n; c++) {
    const raw = frame.cells[c] ?? 0;
    const isStale = stale[c] === 1;
    checkCell(faults, config, c, raw, isStale, state.zeros.zeroG[c] ?? 0, atMs, events);
    const faulty = isFaulty(faults, c);
    if (faulty) resetChannel(state.glitches, c);
    const usable = !isStale && !faulty;
    const grams = (raw - (config.offsets[c] ?? 0)) / (config.countsPerGram[c] ?? 1) - (state.zeros.zeroG[c] ?? 0);
    if (c < config.wellCount) {
      if (usable) fed[c] = feedWell(state, c, grams, atMs, changes) ? 1 : 0;
    } else if (usable) pivotSum += grams;
    else pivotsFresh = false;
  }
  if (n < config.cellCount) pivotsFresh = false;
  // A point gone blind this frame holds what it held when last seen, until the pivots say otherwise.
  const blind = noteBlindPoints(faults, config, (points) =>
    points.reduce((g, w) => g + (wells.cls[w] === SPHERE_CLASS ? (wells.level[w] ?? 0) : 0), 0),
  );
  if (pivotsFresh) feedPivots(state, pivotSum, atMs);
  const pivotFaulty = config.pivotCells.some((c) => isFaulty(faults, c));
  const pivotsReady = config.pivotCells.length > 0 && !pivotFaulty && state.pivots.fill[0] === config.options.settleFrames;

  // Lift or roll asks whether a sphere's weight is still on the board: a part of it already on
  // the neighbour's rim is that same sphere, so partial loads are not counted here.
  const excess = (): number | undefined => (pivotsReady && !state.interference.active ? excessG(state, false) : undefined);
  // A sphere rolling into a neighbour can settle there in the very frame its old well settles
  // empty. Departures go first so the arrival can pair with them, and a departure is weighed
  // without the same frame's arrivals, which the settled wells already count.
  changes.sort((a, b) => Number(a.type === 'arrival') - Number(b.type === 'arrival'));
  const arrivingG = changes.reduce((sum, ch) => sum + (ch.type === 'arrival' ? ch.grams : 0), 0);
  for (const ch of changes) {
    switch (ch.type) {
      case 'press':
        events.push({ type: 'well-pressed', atMs: ch.atMs, well: ch.well, extraG: ch.extraG });
        break;
      case 'release':
        events.push({ type: 'press-released', atMs: ch.atMs, well: ch.well });
        break;
      case 'departure': {
        forgetSphere(state.zeros, ch.well);
        const e = excess();
        onDeparture(state.roll, config, ch, e === undefined ? undefined : e + arrivingG, events);
        break;
      }
      case 'arrival':
        forgetSphere(state.zeros, ch.well);
        onArrival(state.roll, config, wells, ch, events);
        break;
    }
  }
  checkPending(state.roll, config, wells, excess(), atMs, events);
  const excessNow = pivotsReady ? excessG(state) : undefined;
  if (config.pivotCells.length === 0) observePresses(state.interference, pressedExtraG(changes, wells), atMs, events);
  else if (excessNow !== undefined) observeExcess(state.interference, config, excessNow, atMs, events);
  else pauseInterference(state.interference);
  if (state.balanceMargins) observeLean(state.lean, config, state.balanceMargins, wells, atMs, events);
  const boardMoving =
    state.roll.pending.length > 0 ||
    state.roll.arrivals.length > 0 ||
    state.interference.active ||
    state.link.missingActive ||
    wells.pressed.includes(1);
  const pivotsMoving = config.pivotCells.length > 0 && !pivotFaulty && !pivotsReady;
  trackZeros(
    state.zeros,
    config,
    wells,
    faults,
    {
      atMs,
      boardMoving,
      pivotsMoving,
      fed,
      changed: changes.length === 0 ? NO_WELLS : changes.map((ch) => ch.well),
      excessG: state.interference.active ? undefined : excessNow,
    },
    events,
  );
  // What blind points hold, followed from the pivots while every seen point is still (faults.ts).
  const still = changes.length === 0 && !boardMoving && !pivotsMoving;
  if (blind.length > 0 && pivotsReady && still && wellsStill(state)) followBlindLoad(faults, config, excessG(state, true, false));
}

/** Every point seen is settled and none is pressed. */
function wellsStill(state: SensingState): boolean {
  const { config, faults, wells } = state;
  for (let c = 0; c < config.wellCount; c++) {
    const w = config.wellOfCell[c] ?? c;
    if (!isFaulty(faults, c) && (!wells.settled[w] || wells.pressed[w])) return false;
  }
  return true;
}

const NO_WELLS: readonly number[] = [];

/** One fresh reading of a well cell through the glitch check into the well tracker; false when it is held back. */
function feedWell(state: SensingState, c: number, grams: number, atMs: number, changes: WellChange[]): boolean {
  const { config, wells, heldScratch: held } = state;
  const w = config.wellOfCell[c] ?? c;
  const feed = despike(state.glitches, c, grams, atMs, config.options.glitchJumpG, held);
  if (feed === FEED_HELD || feed === FEED_HELD_AND_NEW) trackWell(wells, config, w, held.value, held.atMs, changes);
  if (feed === FEED_NEW || feed === FEED_HELD_AND_NEW) trackWell(wells, config, w, grams, atMs, changes);
  return feed !== 0;
}

/** The pivots' sum of this frame through the glitch check (its channel follows the cells') into their window. */
function feedPivots(state: SensingState, sum: number, atMs: number): void {
  const { config, heldScratch: held } = state;
  const feed = despike(state.glitches, config.cellCount, sum, atMs, config.options.glitchJumpG, held);
  if (feed === FEED_HELD || feed === FEED_HELD_AND_NEW) pushSample(state.pivots, 0, held.value, held.atMs);
  if (feed === FEED_NEW || feed === FEED_HELD_AND_NEW) pushSample(state.pivots, 0, sum, atMs);
}

/** While any point is pressed: the extra load of this frame's press, else 0; undefined when none is pressed. */
function pressedExtraG(changes: readonly WellChange[], wells: SensingState['wells']): number | undefined {
  if (!wells.pressed.some((p) => p === 1)) return undefined;
  return changes.reduce((g, ch) => (ch.type === 'press' ? Math.max(g, ch.extraG) : g), 0);
}

/**
 * Pivots − (board + spheres on wells + spheres in transit + what blind points hold, unless
 * `blindKnown` is false), all from tracked zeros: what the wells cannot account for. An
 * empty well counts 0 (its few grams are zero drift, not load) unless it has settled with
 * part of a sphere on it (partialLoadG: a sphere resting on the rim between two wells, the
 * rest on its neighbour); a pressed well counts its live reading (the press is measured there, not a board hold). `partials` false leaves the
 * partial loads out (the roll logic weighs a moving sphere as a whole).
 */
export function excessG(state: SensingState, partials = true, blindKnown = true): number {
  const { wells, faults } = state;
  const partial = partials ? state.config.options.partialLoadG : Infinity;
  const blind = faults.blind.points;
  let onWells = 0;
  for (let w = 0; w < wells.level.length; w++)
    if (blind.length > 0 && blind.includes(w))
      continue; // not seen: what the pivots show of it is faults.blind
    else if (wells.pressed[w]) onWells += wells.current[w] ?? 0;
    else if (wells.cls[w] === SPHERE_CLASS || (wells.level[w] ?? 0) >= partial) onWells += wells.level[w] ?? 0;
  const pivots = state.pivots.mean[0] ?? 0;
  const blindG = blind.length > 0 && blindKnown ? faults.blind.loadG : 0;
  return pivots - state.config.boardMassG - onWells - blindG - pendingGrams(state.roll);
}

/** What each well holds now, by well index. */
export function wellStates(state: SensingState): WellState[] {
  const { config, wells, faults } = state;
  const out: WellState[] = new Array<WellState>(config.pointCount).fill('empty');
  for (let c = 0; c < config.wellCount; c++) {
    const w = config.wellOfCell[c] ?? c;
    out[w] = isFaulty(faults, c)
      ? 'faulty'
      : wells.pressed[w]
        ? 'pressed'
        : !wells.settled[w]
          ? 'unsettled'
          : wells.cls[w] === SPHERE_CLASS
            ? 'sphere'
            : 'empty';
  }
  return out;
}
