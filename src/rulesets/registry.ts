/** Every game the referee knows, by id: the one place that lists them. */
import { err, ok, type Result } from '../util/result.ts';
import { RULESET_IDS, type Ruleset, type RulesetId } from './ruleset.ts';
import { SENRYAKU } from './senryaku.ts';

const RULESETS: { readonly [Id in RulesetId]: Ruleset } = { senryaku: SENRYAKU };

export const isRulesetId = (id: unknown): id is RulesetId => RULESET_IDS.includes(id as RulesetId);

export function rulesetById(id: string): Result<Ruleset, { code: 'UnknownRuleset'; message: string }> {
  return isRulesetId(id)
    ? ok(RULESETS[id])
    : err({ code: 'UnknownRuleset', message: `unknown ruleset '${id}'; the rulesets are ${RULESET_IDS.join(', ')}` });
}

export { DEFAULT_RULESET, RULESET_IDS, type Ruleset, type RulesetId } from './ruleset.ts';
