/**
 * The games a referee knows, by id. `BUILT_IN_RULESETS` lists this project's; a registry of
 * other descriptors (a test's toy game, a club's variant) goes wherever a journal is read or
 * replayed, so adding a game never means editing the journal or the replay.
 */
import { err, ok, type Result } from '../util/result.ts';
import type { Ruleset } from './ruleset.ts';
import { SENRYAKU } from '../games/senryaku/index.ts';
import { SURAKARTA } from '../games/surakarta/index.ts';

export type UnknownRuleset = { readonly code: 'UnknownRuleset'; readonly message: string };

export class RulesetRegistry {
  readonly #byId: ReadonlyMap<string, Ruleset>;

  constructor(rulesets: readonly Ruleset[]) {
    this.#byId = new Map(rulesets.map((r) => [r.id, r]));
  }

  get ids(): readonly string[] {
    return [...this.#byId.keys()];
  }

  byId(id: string): Result<Ruleset, UnknownRuleset> {
    const found = this.#byId.get(id);
    return found ? ok(found) : err({ code: 'UnknownRuleset', message: `unknown ruleset '${id}'; the rulesets are ${this.ids.join(', ')}` });
  }

  /** This registry and more games besides. */
  with(...rulesets: readonly Ruleset[]): RulesetRegistry {
    return new RulesetRegistry([...this.#byId.values(), ...rulesets]);
  }
}

export const BUILT_IN_RULESETS = new RulesetRegistry([SENRYAKU, SURAKARTA]);

export const rulesetById = (id: string): Result<Ruleset, UnknownRuleset> => BUILT_IN_RULESETS.byId(id);

export { DEFAULT_RULESET, type Ruleset, type RulesetId } from './ruleset.ts';
