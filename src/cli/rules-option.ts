/** `--rules ID`: the game a command works with, found in the registry (Senryaku unless given). */
import { DEFAULT_RULESET, rulesetById, type Ruleset } from '../games/registry.ts';
import { UsageError } from './io.ts';

export const rulesOptionSpecs = {
  rules: { type: 'string' },
} as const;

/** The game named by --rules; an unknown id is bad input, the registry's message lists the games. */
export function readRuleset(id: string | undefined): Ruleset {
  const found = rulesetById(id ?? DEFAULT_RULESET);
  if (!found.ok) throw new UsageError(`bad --rules: ${found.error.message}`);
  return found.value;
}
