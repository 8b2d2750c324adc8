/**
 * `senryaku referee`'s options, as parseArgs reads them: kept apart from everything that
 * checks or runs them, so a bad flag is said before any of that is loaded.
 */
import { boardOptionSpecs } from '../../app/board-options.ts';
import { MQTT_OPTION_SPECS } from '../mqtt-options.ts';
import { parseCommandArgs } from '../parse-args.ts';

export const REFEREE_OPTIONS = {
  ...boardOptionSpecs,
  autoplay: { type: 'boolean' },
  rules: { type: 'string' },
  match: { type: 'string' },
  games: { type: 'string' },
  players: { type: 'string' },
  policy: { type: 'string' },
  track: { type: 'string' },
  colours: { type: 'string' },
  json: { type: 'boolean' },
  scoreboard: { type: 'string' },
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

export const parseRefereeArgs = (args: string[]) => parseCommandArgs(args, REFEREE_OPTIONS);
export type ParsedRefereeArgs = ReturnType<typeof parseRefereeArgs>;
export type RefereeValues = ParsedRefereeArgs['values'];
