/** Sensing: raw load-cell frames → trustworthy board events. Pure, no I/O, no clock. */
export * from './calibration.ts';
export * from './calibration-measure.ts';
export * from './events.ts';
export { defaultSensingOptions, type SensingOptions } from './options.ts';
export {
  createSensingState,
  cloneSensingState,
  stepSensing,
  wellStates,
  excessG,
  type SensingInput,
  type SensingState,
  type SensingStep,
  type TiltInput,
  type GapInput,
} from './pipeline.ts';
export { areNeighbours } from './roll.ts';
