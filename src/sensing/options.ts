/**
 * Every threshold and window of the sensing pipeline, with the reasoning behind the
 * defaults (80 frames/s, 12.5 ms a frame; masses from the profile, in grams). Grams
 * thresholds scale with the profile's spheres so a board with other spheres still works.
 */
import type { SensingGame } from './game.ts';

export interface SensingOptions {
  /** Frames/s the board streams at; sets the period used to spot timestamp jumps. */
  readonly frameRate: number;
  /** k: a reading is settled when k consecutive fresh samples lie within ±settleBandG of their mean. */
  readonly settleFrames: number;
  readonly settleBandG: number;
  /**
   * A well holding a sphere is empty once this many consecutive fresh samples (fewer than
   * settleFrames) read below `emptyBelowG` within ±settleBandG of their mean: nothing
   * bounces when a sphere leaves, so the lift is known a frame sooner.
   */
  readonly departureFrames: number;
  /** Empty → sphere when a settled level reaches this; sphere → empty below `emptyBelowG` (hysteresis). */
  readonly sphereAboveG: number;
  readonly emptyBelowG: number;
  /** Two kinds whose masses differ by less than this cannot be told apart. */
  readonly kindResolutionG: number;
  /**
   * A load above this for `pressFrames` consecutive frames (or settled above it) is a hand
   * pressing; on a well holding a piece, only above the piece's own weight (its settled
   * load, from the tracked zero) plus `pressAboveLoadG` too.
   */
  readonly pressAboveG: number;
  readonly pressAboveLoadG: number;
  /**
   * A press ends when the reading settles below this, or below the well's settled load
   * before the press plus `pressReleaseAboveLoadG`, whichever is higher: a piece whose
   * reading has crept above the absolute threshold is let go once the hand is.
   */
  readonly pressReleaseBelowG: number;
  readonly pressReleaseAboveLoadG: number;
  readonly pressFrames: number;
  /** A departure is paired with a neighbour's arrival settling within this time. */
  readonly rollMaxMs: number;
  /**
   * A load transfer between neighbouring wells (a slow roll, either well settling first)
   * holds while their readings add up to the sphere within this fraction of it.
   */
  readonly transferToleranceFraction: number;
  /** The board "lost a sphere's weight" when the pivots fall this fraction of the sphere below expectation. */
  readonly lossFraction: number;
  /**
   * A well classed empty whose settled level is at least this carries part of a sphere (one
   * resting on the rim between two wells): the pivots' excess counts it. Below, it is zero drift.
   */
  readonly partialLoadG: number;
  /** |pivots − (board + wells)| above this for `interferenceMs` is a hand on the board. */
  readonly interferenceAboveG: number;
  readonly interferenceMs: number;
  /** Interference ends after |excess| stays under this for `interferenceEndMs`. */
  readonly interferenceBelowG: number;
  readonly interferenceEndMs: number;
  /** Zero tracking (zero-tracker.ts): the fastest drift a cell's zero follows, grams per minute. */
  readonly zeroTrackGPerMin: number;
  /** ...and only once the board has been calm (settled, nothing in hand or in transit) this long. */
  readonly zeroCalmMs: number;
  /** A tracked zero beyond this is a `drifted` sensor fault (recalibrate); cleared below `zeroFaultClearG`. */
  readonly zeroFaultG: number;
  readonly zeroFaultClearG: number;
  /**
   * A sample further than this from the one before it is held back a frame: if the next is
   * back (within this of the one before, as far from the held one), it was a single-sample
   * glitch and is dropped (glitch.ts). Default 2 × settleBandG: no settled window holds such
   * a jump, so holding it back delays no arrival, lift or release.
   */
  readonly glitchJumpG: number;
  /** Leaning: the model's margin toward a side under this (g·pitch); ends above `leanEndGP`. */
  readonly leanBelowGP: number;
  readonly leanEndGP: number;
  /** Bit-identical fresh readings in a row before a cell counts as stuck. */
  readonly stuckFrames: number;
  /** Saturated readings in a row to report, and clean ones in a row to clear. */
  readonly saturatedFrames: number;
  readonly saturatedClearFrames: number;
  /** Stale frames in a row before a cell counts as silent (the board's ERR SENSOR uses 8 too). */
  readonly silentFrames: number;
  /** A reading this far below the tracked zero is no load at all: a dead cell (faults.ts). */
  readonly deadBelowG: number;
  /** Raw counts within this of 0 are the ADC's own zero: a bridge that gives no signal. */
  readonly deadBandCounts: number;
  /** ...a dead reading unless the load it would mean is within this of nothing or of a piece. */
  readonly deadMarginG: number;
  /** Dead-like readings in a row before a cell counts as dead, and others in a row to clear it. */
  readonly deadFrames: number;
  readonly deadClearFrames: number;
  /** Clean, in-order frames after a gap before `frames-resumed`. */
  readonly resumeFrames: number;
}

export function defaultSensingOptions(game: SensingGame): SensingOptions {
  const masses = Object.values(game.pieceMassesG);
  const light = Math.min(...masses);
  const heavy = Math.max(...masses);
  return {
    frameRate: 80,
    // 4 frames = 37.5 ms spread; the 4th in-band frame confirms, so latency is 3 frames
    // (goal ≤ 4). ±3 g is ~20 σ of HX711 noise at 80 SPS yet 5 % of a 60 g sphere.
    settleFrames: 4,
    settleBandG: 3,
    // A lift's load falls to nothing within the fingers' grip (~30 ms) and stays there;
    // 3 frames (25 ms) in band at empty is as sure as 4, and keeps a lift within 50 ms.
    departureFrames: 3,
    sphereAboveG: 0.5 * light,
    emptyBelowG: 0.4 * light,
    kindResolutionG: 6,
    // An impact spike lasts 1–3 frames and bounce peaks swing through quickly; a finger
    // held for 100 ms (8 frames) half a sphere above the heaviest sphere is a press.
    pressAboveG: heavy + 0.5 * light,
    pressAboveLoadG: 0.5 * light,
    pressReleaseBelowG: heavy + 0.3 * light,
    pressReleaseAboveLoadG: 0.3 * light,
    pressFrames: 8,
    rollMaxMs: 1000,
    lossFraction: 0.5,
    // A quarter of a sphere: a hand taking the sphere out of the transfer drops the sum
    // toward 0 within a few frames; noise and rim friction are a few grams.
    transferToleranceFraction: 0.25,
    // A rolling sphere or a bounce upsets the balance of pivots and wells for < 150 ms;
    // a hand holding the board does for much longer: 250 ms (20 frames) of grace.
    // A quarter sphere: far above a tracked zero's drift, well below a sphere's half on a rim.
    partialLoadG: 0.25 * light,
    interferenceAboveG: 0.5 * light,
    interferenceMs: 250,
    interferenceBelowG: 0.3 * light,
    interferenceEndMs: 100,
    // 0.5 g/s, legal-for-trade style (0.5 d/s): 4 × the 8 g/min creep seen on real cells,
    // yet a hand or a sphere is a step hundreds of times faster. A bounce has died and the
    // pivots have caught up with the wells a second after the last change.
    zeroTrackGPerMin: 30,
    zeroCalmMs: 400,
    // Half a sphere: beyond it an untracked zero would read as a sphere (calibration's ZeroShifted).
    zeroFaultG: 0.5 * light,
    zeroFaultClearG: 0.4 * light,
    // 2 × settleBandG (config.ts derives it from a settleBandG given without it).
    glitchJumpG: 6,
    // One sphere shifted one pitch the wrong way would leave less than nothing.
    leanBelowGP: light,
    leanEndGP: 1.5 * light,
    stuckFrames: 40,
    saturatedFrames: 2,
    saturatedClearFrames: 8,
    silentFrames: 8,
    // A whole sphere below nothing: no drift the zero tracker lets stand (it faults at half
    // a sphere) and no hand on a well reads it. An HX711 with no signal from its bridge reads
    // a few thousand counts at most either way (its own input offset): 2 g on a well cell.
    // A quarter sphere from nothing or a piece: further than a tracked zero strays.
    deadBelowG: light,
    deadBandCounts: 4096,
    deadMarginG: 0.25 * light,
    // As long as a stuck cell takes (0.5 s), and cleared as a saturated one is.
    deadFrames: 40,
    deadClearFrames: 8,
    resumeFrames: 8,
  };
}
