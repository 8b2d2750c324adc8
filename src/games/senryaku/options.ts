/** Senryaku's own match options, declared once: a match is played on the scoring track (its length, and whether colours alternate). */
import { COLOUR_MODES, MAX_TRACK_LENGTH, type MatchSettings } from '../../rules/match/track.ts';
import {
  oneOfOption,
  wholeNumberOption,
  type MatchOptionSpec,
  type MatchOptionsText,
  type SettingsProblem,
} from '../../rulesets/match-options.ts';
import { parseSpn, type Position } from './rules/index.ts';

const DEFAULT_TRACK = 6;

export const SENRYAKU_OPTIONS: readonly MatchOptionSpec[] = [
  {
    name: 'track',
    value: 'N',
    help: "The scoring track's length: the match is won at N points.",
    schema: { type: 'integer', minimum: 1, maximum: MAX_TRACK_LENGTH },
    default: String(DEFAULT_TRACK),
  },
  {
    name: 'colours',
    value: COLOUR_MODES.join('|'),
    help: 'Colours alternate between games, or stay fixed.',
    schema: { type: 'string', enum: COLOUR_MODES },
    default: 'alternate',
  },
];

/** A Senryaku match: played on the track (length and colours), game 1 from a position when not the start. */
export interface SenryakuPlan {
  readonly match: MatchSettings;
  readonly firstPosition?: Position;
}

export function readSenryakuPlan(text: MatchOptionsText, problems: SettingsProblem[]): SenryakuPlan {
  const colours = oneOfOption(text.colours ?? 'alternate', 'colours', COLOUR_MODES, problems);
  const trackLength = wholeNumberOption(text.track, 'track', 1, MAX_TRACK_LENGTH, problems) ?? DEFAULT_TRACK;
  let firstPosition: Position | undefined;
  if (text.position !== undefined) {
    const parsed = parseSpn(text.position.trim());
    if (parsed.ok) firstPosition = parsed.value;
    else problems.push({ option: 'position', message: `position is not valid SPN: ${parsed.error.message} [${parsed.error.code}]` });
  }
  return { match: { trackLength, colours }, ...(firstPosition ? { firstPosition } : {}) };
}
