/**
 * A match's options checked in one place, whatever brings them: text in, a validated value or
 * every problem out (as settings validators list them). The common options are read here;
 * an option that another game declares and this one does not is refused with what this game
 * takes instead; the game reads its own (`Ruleset.readPlan`).
 */
import { POLICIES } from '../referee/verdicts.ts';
import { err, ok, type Result } from '../util/result.ts';
import {
  MAX_GAMES,
  MAX_NAME_CHARS,
  oneOfOption,
  wholeNumberOption,
  type MatchOptions,
  type MatchOptionsText,
  type SettingsProblem,
} from './match-options.ts';
import type { RulesetRegistry } from './ruleset-registry.ts';
import type { Ruleset } from './ruleset.ts';

/** Another game's options given for this one: each refused, saying whose it is and what this game takes. */
function foreignOptions(text: MatchOptionsText, game: Ruleset, games: readonly Ruleset[], problems: SettingsProblem[]): void {
  const own = new Set(game.options.map((o) => o.name));
  const takes =
    game.options.length > 0
      ? `a ${game.name} match takes ${game.options.map((o) => `--${o.name} ${o.value}`).join(', ')}`
      : `a ${game.name} match takes none`;
  const seen = new Set<string>();
  for (const other of games)
    for (const o of other.options)
      if (!own.has(o.name) && !seen.has(o.name) && text[o.name] !== undefined) {
        seen.add(o.name);
        const owners = games.filter((g) => g.options.some((x) => x.name === o.name)).map((g) => g.name);
        problems.push({ option: o.name, message: `${o.name} is for ${owners.join(' and ')}; ${takes}` });
      }
}

/** The text options of what is given (a command line's parsed flags, a request's fields): flags like `--json` are no match option. */
export const matchOptionsText = (given: Readonly<Record<string, unknown>>): MatchOptionsText =>
  Object.fromEntries(Object.entries(given).filter((e): e is [string, string] => typeof e[1] === 'string'));

/**
 * `given`: the options by name, as a command line's parsed flags, a settings file's match
 * section turned to flags, or a request's fields; what is not text (a flag's `true`) is no
 * match option and is passed over.
 */
export function parseMatchOptions(
  given: Readonly<Record<string, unknown>>,
  registry: RulesetRegistry,
): Result<MatchOptions, SettingsProblem[]> {
  const text = matchOptionsText(given);
  const problems: SettingsProblem[] = [];
  const ruleset = oneOfOption(text.rules ?? registry.defaultId, 'rules', registry.ids, problems);
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
  const game = registry.byId(ruleset);
  let plan: unknown;
  if (game.ok) {
    foreignOptions(text, game.value, registry.all, problems);
    plan = game.value.readPlan(text, problems);
  }
  if (problems.length > 0) return err(problems);
  return ok({ ruleset, policy, players: { A: names[0]!, B: names[1]! }, ...(gamesLimit !== undefined ? { gamesLimit } : {}), plan });
}
