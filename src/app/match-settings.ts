/**
 * The settings of a refereed match, checked in one place whatever brings them (command-line
 * options today; a settings file, MQTT or the dashboard later). Text in, a validated
 * value or every problem out, as settings validators list them.
 */
import { POLICIES, type FoulPolicy } from '../referee/verdicts.ts';
import { COLOUR_MODES, MAX_TRACK_LENGTH, type ColourMode, type MatchSettings } from '../rules/match/track.ts';
import type { Position } from '../rules/senryaku/position.ts';
import { parseSpn } from '../rules/senryaku/spn.ts';
import { BUILT_IN_RULESETS, DEFAULT_RULESET, type RulesetId } from '../rulesets/registry.ts';
import { parseSurakartaMatch } from '../rulesets/surakarta.ts';
import type { SurakartaMatch } from '../rules/surakarta/match.ts';
import { parsePosition as parseSurakartaPosition, type Position as SurakartaPosition } from '../rules/surakarta/index.ts';
import { err, ok, type Result } from '../util/result.ts';

export interface MatchOptionsText {
  readonly rules?: string | undefined;
  readonly policy?: string | undefined;
  readonly track?: string | undefined;
  readonly colours?: string | undefined;
  readonly players?: string | undefined;
  readonly games?: string | undefined;
  readonly position?: string | undefined;
  readonly match?: string | undefined;
}

export interface MatchOptions {
  /** The game refereed (the registry's id). */
  readonly ruleset: RulesetId;
  readonly policy: FoulPolicy;
  readonly match: MatchSettings;
  readonly players: { readonly A: string; readonly B: string };
  /** Stop after this game number. */
  readonly gamesLimit?: number;
  /** Game 1 starts here instead of the start position. */
  readonly firstPosition?: Position;
  /** Surakarta's: the match (games:N or points:N) and game 1's position when not the start. */
  readonly surakarta?: { readonly match: SurakartaMatch; readonly firstPosition?: SurakartaPosition };
}

export interface SettingsProblem {
  /** The option (or settings key) at fault. */
  readonly option: string;
  readonly message: string;
}

export const MAX_GAMES = 10_000;

export function parseMatchOptions(text: MatchOptionsText): Result<MatchOptions, SettingsProblem[]> {
  const problems: SettingsProblem[] = [];
  const wholeNumber = (value: string | undefined, option: string, min: number, max: number): number | undefined => {
    if (value === undefined) return undefined;
    const n = /^\d+$/.test(value) ? Number(value) : NaN;
    if (n >= min && n <= max) return n;
    problems.push({ option, message: `${option} must be a whole number from ${min} to ${max}, got '${value}'` });
    return undefined;
  };
  const oneOf = <T extends string>(value: string, option: string, allowed: readonly T[]): T => {
    if ((allowed as readonly string[]).includes(value)) return value as T;
    problems.push({ option, message: `${option} is ${allowed.join(' or ')}, not '${value}'` });
    return allowed[0]!;
  };

  const ruleset = oneOf(text.rules ?? DEFAULT_RULESET, 'rules', BUILT_IN_RULESETS.ids);
  const policy = oneOf(text.policy ?? 'casual', 'policy', POLICIES);
  const colours: ColourMode = oneOf(text.colours ?? 'alternate', 'colours', COLOUR_MODES);
  const trackLength = wholeNumber(text.track, 'track', 1, MAX_TRACK_LENGTH) ?? 6;
  const gamesLimit = wholeNumber(text.games, 'games', 1, MAX_GAMES);
  const names = (text.players ?? 'A,B').split(',').map((n) => n.trim());
  if (names.length !== 2 || names.some((n) => n === ''))
    problems.push({ option: 'players', message: `players takes two names separated by a comma, got '${text.players}'` });
  let firstPosition: Position | undefined;
  let surakarta: MatchOptions['surakarta'];
  if (ruleset === 'surakarta') {
    // Surakarta's match is a number of games or a points target; Senryaku's track options do not apply.
    for (const [option, value] of [
      ['track', text.track],
      ['colours', text.colours],
    ] as const)
      if (value !== undefined)
        problems.push({ option, message: `${option} is for Senryaku's scoring track; a Surakarta match is --match games:N|points:N` });
    const match = parseSurakartaMatch(text.match ?? 'games:2');
    if (!match.ok) problems.push({ option: 'match', message: `match: ${match.error}` });
    let first: SurakartaPosition | undefined;
    if (text.position !== undefined) {
      const parsed = parseSurakartaPosition(text.position.trim());
      if (parsed.ok) first = parsed.value;
      else
        problems.push({
          option: 'position',
          message: `position is not a valid Surakarta position: ${parsed.error.message} [${parsed.error.code}]`,
        });
    }
    if (match.ok) surakarta = { match: match.value, ...(first ? { firstPosition: first } : {}) };
  } else {
    if (text.match !== undefined)
      problems.push({ option: 'match', message: 'match is for Surakarta; a Senryaku match is played on the track: --track N, --colours' });
    if (text.position !== undefined) {
      const parsed = parseSpn(text.position.trim());
      if (parsed.ok) firstPosition = parsed.value;
      else problems.push({ option: 'position', message: `position is not valid SPN: ${parsed.error.message} [${parsed.error.code}]` });
    }
  }

  if (problems.length > 0) return err(problems);
  return ok({
    ruleset,
    policy,
    match: { trackLength, colours },
    players: { A: names[0]!, B: names[1]! },
    ...(gamesLimit !== undefined ? { gamesLimit } : {}),
    ...(firstPosition ? { firstPosition } : {}),
    ...(surakarta ? { surakarta } : {}),
  });
}

/** For a command line: `--option: message; --other: message`. */
export const formatSettingsProblems = (problems: readonly SettingsProblem[]): string => problems.map((p) => `--${p.message}`).join('; ');
