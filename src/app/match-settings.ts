/**
 * The settings of a refereed match, checked in one place whatever brings them (command-line
 * options today; a settings file, MQTT or the dashboard later). Text in, a validated
 * value or every problem out, as settings validators list them.
 */
import { POLICIES, type FoulPolicy } from '../referee/verdicts.ts';
import { BUILT_IN_RULESETS, DEFAULT_RULESET, type RulesetId } from '../rulesets/registry.ts';
import { err, ok, type Result } from '../util/result.ts';
import { GAME_SESSIONS } from '../rulesets/game-sessions.ts';
import { MAX_NAME_CHARS } from '../settings/request-limits.ts';

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
  readonly players: { readonly A: string; readonly B: string };
  /** Stop after this game number. */
  readonly gamesLimit?: number;
  /**
   * The game's own match options as its session read them (GameSession.readPlan: Senryaku's
   * track and colours, Surakarta's games or points target, and game 1's position); only
   * that session reads it back.
   */
  readonly plan: unknown;
}

export interface SettingsProblem {
  /** The option (or settings key) at fault. */
  readonly option: string;
  readonly message: string;
}

export const MAX_GAMES = 10_000;

/** A whole number option within bounds, or a problem naming it. */
export function wholeNumberOption(
  value: string | undefined,
  option: string,
  min: number,
  max: number,
  problems: SettingsProblem[],
): number | undefined {
  if (value === undefined) return undefined;
  const n = /^\d+$/.test(value) ? Number(value) : NaN;
  if (n >= min && n <= max) return n;
  problems.push({ option, message: `${option} must be a whole number from ${min} to ${max}, got '${value}'` });
  return undefined;
}

/** One of the allowed words, or a problem naming the option (the first word stands in, so checking goes on). */
export function oneOfOption<T extends string>(value: string, option: string, allowed: readonly T[], problems: SettingsProblem[]): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  problems.push({ option, message: `${option} is ${allowed.join(' or ')}, not '${value}'` });
  return allowed[0]!;
}

export function parseMatchOptions(text: MatchOptionsText): Result<MatchOptions, SettingsProblem[]> {
  const problems: SettingsProblem[] = [];
  const ruleset = oneOfOption(text.rules ?? DEFAULT_RULESET, 'rules', BUILT_IN_RULESETS.ids, problems);
  const policy = oneOfOption(text.policy ?? 'casual', 'policy', POLICIES, problems);
  const gamesLimit = wholeNumberOption(text.games, 'games', 1, MAX_GAMES, problems);
  const names = (text.players ?? 'A,B').split(',').map((n) => n.trim());
  if (names.length !== 2 || names.some((n) => n === ''))
    problems.push({
      option: 'players',
      message: `players takes two names separated by a comma, got '${(text.players ?? '').slice(0, 2 * MAX_NAME_CHARS)}'`,
    });
  else if (names.some((n) => n.length > MAX_NAME_CHARS))
    problems.push({
      option: 'players',
      message: `players: a name is at most ${MAX_NAME_CHARS} characters, got ${names.map((n) => n.length).join(' and ')}`,
    });
  // The game reads its own options (and refuses another game's).
  const plan = GAME_SESSIONS.get(ruleset)?.readPlan(text, problems);

  if (problems.length > 0) return err(problems);
  return ok({
    ruleset,
    policy,
    players: { A: names[0]!, B: names[1]! },
    ...(gamesLimit !== undefined ? { gamesLimit } : {}),
    plan,
  });
}

/** For a command line: `--option: message; --other: message`. */
export const formatSettingsProblems = (problems: readonly SettingsProblem[]): string => problems.map((p) => `--${p.message}`).join('; ');
