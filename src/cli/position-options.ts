/** The options that pick a game, a position and the board profile (a game with physics reads its model from it), shared by perft and moves. */
import { loadBoardFile } from '../app/load-profile.ts';
import type { PositionTools } from '../rulesets/ruleset.ts';
import { UsageError } from './io.ts';
import { readRuleset } from './rules-option.ts';

export const positionOptionSpecs = {
  rules: { type: 'string' },
  position: { type: 'string' },
  profile: { type: 'string' },
} as const;

export interface PositionOptionValues {
  readonly rules?: string | undefined;
  readonly position?: string | undefined;
  readonly profile?: string | undefined;
}

/** The rules tools of --position (default: the game's start) under --rules (default: the registry's first game). */
export function readPositionTools(values: PositionOptionValues): PositionTools {
  const ruleset = readRuleset(values.rules);
  let profile: unknown;
  if (values.profile !== undefined) {
    const loaded = loadBoardFile(values.profile, ruleset);
    if (!loaded.ok) throw new UsageError(loaded.error);
    profile = loaded.value.profile;
  }
  const tools = ruleset.position(values.position ?? ruleset.startPosition, profile);
  if (!tools.ok) throw new UsageError(`bad --position: ${tools.error.message} [${tools.error.code}]`);
  return tools.value;
}
