/**
 * The games this referee knows: one line per game. Everything above the games (the journal,
 * the command line, the settings, the dashboard) finds a game here by its id, and never names
 * one itself.
 */
import { RulesetRegistry, type UnknownRuleset } from '../rulesets/ruleset-registry.ts';
import type { Ruleset } from '../rulesets/ruleset.ts';
import type { Result } from '../util/result.ts';
import { SENRYAKU } from './senryaku/index.ts';
import { SURAKARTA } from './surakarta/index.ts';
import { BREAKTHROUGH } from './breakthrough/index.ts';

const GAMES = [SENRYAKU, SURAKARTA, BREAKTHROUGH] as const;

/** A built-in game's id. */
export type RulesetId = (typeof GAMES)[number]['id'];

/** The game refereed when none is named: the first listed. */
export const DEFAULT_GAME: Ruleset<RulesetId> = GAMES[0];
export const DEFAULT_RULESET: RulesetId = DEFAULT_GAME.id;

export const BUILT_IN_RULESETS = new RulesetRegistry(GAMES);

export const rulesetById = (id: string): Result<Ruleset, UnknownRuleset> => BUILT_IN_RULESETS.byId(id);

export { RulesetRegistry, type Ruleset };
