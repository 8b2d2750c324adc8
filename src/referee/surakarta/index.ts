/** The Surakarta referee: a pure RulesetReferee speaking the common verdicts. */
export { surakartaReferee, initialSurakartaState, stepSurakarta } from './reducer.ts';
export { DEFAULT_SURAKARTA_SETTINGS } from './settings.ts';
export type { SurakartaRefereeSettings } from './settings.ts';
export type { SurakartaRefereeState, Phase } from './state.ts';
