/**
 * The games' own match options as command-line flags (`--track N`, `--match games:N|points:N`):
 * made from what each game's descriptor declares (`Ruleset.options`), so a new game's options
 * are flags of every command that takes match options without any edit here.
 */
import { usageOf } from '../rulesets/match-options.ts';
import type { RulesetRegistry } from '../rulesets/ruleset-registry.ts';

/** node:util parseArgs specs of every game's own options (each takes text; its game reads it). */
export const matchFlagSpecs = (games: RulesetRegistry): Readonly<Record<string, { readonly type: 'string' }>> =>
  Object.fromEntries(games.matchOptions.map(({ spec }) => [spec.name, { type: 'string' } as const]));

/** The games' own options among a command's parsed flags, by name. */
export type MatchFlagValues = { readonly [option: string]: string | boolean | undefined };

/** The games' own options among `values`, by name: what a command hands parseMatchOptions besides the common ones. */
export const matchFlagValues = (values: MatchFlagValues, games: RulesetRegistry): Readonly<Record<string, string | undefined>> =>
  Object.fromEntries(
    games.matchOptions.flatMap(({ spec }) => {
      const v = values[spec.name];
      return typeof v === 'string' ? [[spec.name, v]] : [];
    }),
  );

/** `[--rules senryaku|surakarta]`: the games' ids. */
export const rulesUsage = (games: RulesetRegistry): string => `[--rules ${games.ids.join('|')}]`;

/** `[--track N] [--colours alternate|fixed] [--match games:N|points:N]`: every game's own options. */
export const matchFlagsUsage = (games: RulesetRegistry): string => games.matchOptions.map(({ spec }) => usageOf(spec)).join(' ');
