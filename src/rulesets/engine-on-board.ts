/** A game's engine on a given board, or on its reference board where no board is given. */
import type { EngineGame } from '../engine/types.ts';
import { ok, type Result } from '../util/result.ts';
import type { Ruleset } from './ruleset.ts';

/**
 * The engine of a game that has one (`ruleset.engine` defined) on the board of `profile`, as a
 * journal header keeps it; undefined `profile`: the game's reference board. The message says
 * why a profile does not do.
 */
export const engineOnBoard = (ruleset: Ruleset & { readonly engine: EngineGame }, profile: unknown): Result<EngineGame, string> =>
  profile === undefined ? ok(ruleset.engine) : ruleset.engineOn(profile);
