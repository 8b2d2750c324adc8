/**
 * The takeback setting in a journal header's settings (each game's descriptor writes and reads
 * them): written only where it is not the default, so a header without it reads as before.
 */
import type { JsonObject } from '../util/json.ts';
import { err, ok, type Result } from '../util/result.ts';

/** The most plies a takeback may take back: more is no setting a match has. */
const MAX_TAKEBACK_PLIES = 20;

/** The header's field for `takebackPlies` (1, the default, is not written). */
export const takebackJson = (plies: number | undefined): JsonObject => (plies === undefined || plies === 1 ? {} : { takebackPlies: plies });

/** The header's `takebackPlies`, checked (0: no takeback); absent, the default. */
export function readTakebackPlies(s: JsonObject): Result<{ readonly takebackPlies?: number }, string> {
  const plies = s.takebackPlies;
  if (plies === undefined) return ok({});
  if (typeof plies !== 'number' || !Number.isInteger(plies) || plies < 0 || plies > MAX_TAKEBACK_PLIES)
    return err(`settings.takebackPlies must be a whole number from 0 to ${MAX_TAKEBACK_PLIES}`);
  return ok({ takebackPlies: plies });
}
