/** Surakarta's own match options, declared once: a match of a number of games, or to a points target. */
import { type MatchOptionSpec, type MatchOptionsText, type SettingsProblem } from '../../rulesets/match-options.ts';
import { err, ok, type Result } from '../../util/result.ts';
import { DEFAULT_SURAKARTA_MATCH, MAX_MATCH_LENGTH, parsePosition, type Position, type SurakartaMatch } from './rules/index.ts';

export const SURAKARTA_OPTIONS: readonly MatchOptionSpec[] = [
  {
    name: 'match',
    value: 'games:N|points:N',
    help: 'The match is N games, or won at N points (each game scores the pieces in play).',
    settingsKey: 'target',
    schema: { type: 'string', pattern: '^(games|points):[1-9][0-9]{0,2}$', 'x-expected': 'games:N or points:N' },
    default: 'games:2',
  },
];

/** `games:N` or `points:N`, as the command line and the header's settings write a match. */
export const formatSurakartaMatch = (m: SurakartaMatch): string => (m.kind === 'games' ? `games:${m.games}` : `points:${m.target}`);

export function parseSurakartaMatch(text: string): Result<SurakartaMatch, string> {
  const m = /^(games|points):(\d{1,3})$/.exec(text.trim());
  const n = m ? Number(m[2]) : NaN;
  if (!m || !(n >= 1 && n <= MAX_MATCH_LENGTH))
    return err(`a match is games:N (N games) or points:N (play to N points), N from 1 to ${MAX_MATCH_LENGTH}; got '${text}'`);
  return ok(m[1] === 'games' ? { kind: 'games', games: n } : { kind: 'points', target: n });
}

/** A Surakarta match: a number of games or a points target, game 1 from a position when not the start. */
export interface SurakartaPlan {
  readonly match: SurakartaMatch;
  readonly firstPosition?: Position;
}

export function readSurakartaPlan(text: MatchOptionsText, problems: SettingsProblem[]): SurakartaPlan {
  const match = parseSurakartaMatch(text.match ?? formatSurakartaMatch(DEFAULT_SURAKARTA_MATCH));
  if (!match.ok) problems.push({ option: 'match', message: `match: ${match.error}` });
  let firstPosition: Position | undefined;
  if (text.position !== undefined) {
    const parsed = parsePosition(text.position.trim());
    if (parsed.ok) firstPosition = parsed.value;
    else
      problems.push({
        option: 'position',
        message: `position is not a valid Surakarta position: ${parsed.error.message} [${parsed.error.code}]`,
      });
  }
  return { match: match.ok ? match.value : DEFAULT_SURAKARTA_MATCH, ...(firstPosition ? { firstPosition } : {}) };
}
