/** Breakthrough's own match options, declared once: the match is won by the first player to win N games. */
import { wholeNumberOption, type MatchOptionSpec, type MatchOptionsText, type SettingsProblem } from '../../rulesets/match-options.ts';
import { DEFAULT_FIRST_TO, MAX_FIRST_TO, parsePosition, type Position } from './rules/index.ts';

export const BREAKTHROUGH_OPTIONS: readonly MatchOptionSpec[] = [
  {
    name: 'first-to',
    value: 'N',
    help: 'The match is won by the first player to win N games.',
    settingsKey: 'firstTo',
    schema: { type: 'integer', minimum: 1, maximum: MAX_FIRST_TO },
    default: String(DEFAULT_FIRST_TO),
  },
];

/** A Breakthrough match: first to `firstTo` games, game 1 from a position when not the start. */
export interface BreakthroughPlan {
  readonly firstTo: number;
  readonly firstPosition?: Position;
}

export function readBreakthroughPlan(text: MatchOptionsText, problems: SettingsProblem[]): BreakthroughPlan {
  const firstTo = wholeNumberOption(text['first-to'], 'first-to', 1, MAX_FIRST_TO, problems) ?? DEFAULT_FIRST_TO;
  let firstPosition: Position | undefined;
  if (text.position !== undefined) {
    const parsed = parsePosition(text.position.trim());
    if (parsed.ok) firstPosition = parsed.value;
    else
      problems.push({
        option: 'position',
        message: `position is not a valid Breakthrough position: ${parsed.error.message} [${parsed.error.code}]`,
      });
  }
  return { firstTo, ...(firstPosition ? { firstPosition } : {}) };
}
