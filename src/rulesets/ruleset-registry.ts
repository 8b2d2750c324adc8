/**
 * Games by id: the built-in ones (src/games/registry.ts), or those and more (a test's toy game,
 * a club's variant) wherever a journal is read or replayed, so adding a game never means
 * editing the journal or the replay.
 */
import { err, ok, type Result } from '../util/result.ts';
import type { Ruleset } from './ruleset.ts';

export type UnknownRuleset = { readonly code: 'UnknownRuleset'; readonly message: string };

export class RulesetRegistry {
  readonly #byId: ReadonlyMap<string, Ruleset>;

  constructor(rulesets: readonly Ruleset[]) {
    this.#byId = new Map(rulesets.map((r) => [r.id, r]));
  }

  /** Every game, in the order listed. */
  get all(): readonly Ruleset[] {
    return [...this.#byId.values()];
  }

  /** The game refereed when none is named: the first listed. */
  get defaultId(): string {
    const first = this.#byId.keys().next();
    if (first.done === true) throw new Error('a registry lists at least one game');
    return first.value;
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
