export { senryakuReferee, initialRefereeState, stepReferee } from './reducer.ts';
export { DEFAULT_REFEREE_SETTINGS } from './settings.ts';
export type { SenryakuRefereeSettings } from './settings.ts';
export type { SenryakuRefereeState, Phase } from './state.ts';
