/**
 * A match's options, whatever brings them (the command line, the settings file, MQTT
 * `new_match`, the dashboard's form): the options every game has (which game, the foul policy,
 * the players, a limit on games, game 1's position: parse-match-options.ts), and each game's
 * own, which its descriptor declares once (`Ruleset.options`). The game's flags, their part of
 * the settings file's schema, of `config show`, of `--help` and of the dashboard's form are
 * made from these declarations.
 */
import type { FoulPolicy } from '../referee/verdicts.ts';

/** The options as text, by option name (a flag without its dashes). */
export type MatchOptionsText = Readonly<Record<string, string | undefined>>;

/** How a settings file writes an option's value (a fragment of its JSON Schema). */
export type OptionSchema =
  | { readonly type: 'integer'; readonly minimum: number; readonly maximum: number }
  | { readonly type: 'string'; readonly enum: readonly string[] }
  | { readonly type: 'string'; readonly pattern: string; readonly 'x-expected': string };

/** One option of a match, declared once. */
export interface MatchOptionSpec {
  /** The flag (`--track`), the field of MQTT new_match and of the dashboard's form. */
  readonly name: string;
  /** The value's shape in a usage line: `N`, `alternate|fixed`, `games:N|points:N`. */
  readonly value: string;
  /** One line for --help, the schema's description and the form's label. */
  readonly help: string;
  /** Its key in the settings file's `match` section, when not its name. */
  readonly settingsKey?: string;
  readonly schema: OptionSchema;
  /** The value when none is given, as text. */
  readonly default?: string;
}

/** What the common options and the game's own read into: a match the game's descriptor can set up. */
export interface MatchOptions {
  /** The game refereed (the registry's id). */
  readonly ruleset: string;
  readonly policy: FoulPolicy;
  readonly players: { readonly A: string; readonly B: string };
  /** Stop after this game number. */
  readonly gamesLimit?: number;
  /**
   * The game's own match options as its descriptor read them (`Ruleset.readPlan`: Senryaku's
   * track and colours, Surakarta's games or points target, game 1's position); only that
   * descriptor reads it back.
   */
  readonly plan: unknown;
}

export interface SettingsProblem {
  /** The option (or settings key) at fault. */
  readonly option: string;
  readonly message: string;
}

/** A player's name, characters: what the scoring board, the page and every record carry. */
export const MAX_NAME_CHARS = 64;
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

/** For a command line: `--option: message; --other: message`. */
export const formatSettingsProblems = (problems: readonly SettingsProblem[]): string => problems.map((p) => `--${p.message}`).join('; ');

/** An option as a usage line writes it: `[--track N]`. */
export const usageOf = (o: MatchOptionSpec): string => `[--${o.name} ${o.value}]`;
