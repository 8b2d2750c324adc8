/**
 * `senryaku referee`'s options, as parseArgs reads them: kept apart from everything that
 * checks or runs them, so a bad flag is said before any of that is loaded. Its own flags, and
 * each game's match options as the registry's descriptors declare them (match-flags.ts).
 */
import { boardOptionSpecs } from '../../app/board-options.ts';
import { BUILT_IN_RULESETS, type RulesetRegistry } from '../../games/registry.ts';
import { matchFlagSpecs, type MatchFlagValues } from '../match-flags.ts';
import { MQTT_OPTION_SPECS } from '../mqtt-options.ts';
import { parseCommandArgs } from '../parse-args.ts';

/** The flags of every referee run, whatever the game. */

export const REFEREE_OPTIONS = {
  ...boardOptionSpecs,
  autoplay: { type: 'boolean' },
  rules: { type: 'string' },
  games: { type: 'string' },
  players: { type: 'string' },
  policy: { type: 'string' },
  json: { type: 'boolean' },
  scoreboard: { type: 'string' },
  lights: { type: 'string' },
  destinations: { type: 'string' },
  speak: { type: 'boolean' },
  computer: { type: 'string' },
  engine: { type: 'string' },
  hints: { type: 'string' },
  stay: { type: 'boolean' },
  http: { type: 'string' },
  'journal-dir': { type: 'string' },
  'fallback-journal-dir': { type: 'string' },
  'calibration-dir': { type: 'string' },
  resume: { type: 'string' },
  position: { type: 'string' },
  speed: { type: 'string' },
  db: { type: 'string' },
  config: { type: 'string' },
  ...MQTT_OPTION_SPECS,
} as const;

/** Every flag `senryaku referee` takes with these games: the games' own options, and its own (which win a clash of names). */
export const refereeOptionSpecs = (games: RulesetRegistry): typeof REFEREE_OPTIONS => ({ ...matchFlagSpecs(games), ...REFEREE_OPTIONS });

/** The run's own flags, typed, and the games' options by name. */
export type RefereeValues = ReturnType<typeof parseCommandArgs<typeof REFEREE_OPTIONS>>['values'] & MatchFlagValues;

export interface ParsedRefereeArgs {
  readonly values: RefereeValues;
  readonly positionals: string[];
}

export function parseRefereeArgs(args: string[], games: RulesetRegistry = BUILT_IN_RULESETS): ParsedRefereeArgs {
  const { values, positionals } = parseCommandArgs(args, refereeOptionSpecs(games));
  return { values, positionals };
}
