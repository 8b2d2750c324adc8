/** Sensing: raw load-cell frames → trustworthy board events. Pure, no I/O, no clock. */
export * from './calibration.ts';
export * from './calibration-measure.ts';
export * from './events.ts';
export * from './game.ts';
export { defaultSensingOptions, type SensingOptions } from './options.ts';
export {
  createSensingState,
  cloneSensingState,
  stepSensing,
  wellStates,
  excessG,
  type SensingInput,
  type SensingSetup,
  type SensingState,
  type SensingStep,
  type TiltInput,
  type GapInput,
} from './pipeline.ts';
export { driftedCells, largestZeros, type ZeroState } from './zero-tracker.ts';
export { faultsOf, isFaulty } from './faults.ts';
export {
  ACCEPT_AFTER_FRAMES,
  DISCARD_REASONS,
  admitLine,
  admitOther,
  clockRefusal,
  createPlausibility,
  emptyPlausibilityCounters,
  endBoot,
  type ClockRefusal,
  type DiscardReason,
  type PlausibilityCounters,
  type PlausibilityState,
  type Release,
  type TiltBits,
  type TimedLine,
} from './plausibility.ts';
