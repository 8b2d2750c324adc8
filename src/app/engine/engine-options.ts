/**
 * The engine's options, as `uci` declares them and `setoption` sets them: the level (1, a
 * beginner, to 10, the full search) and the seed of the lower levels' mistakes and of the
 * choice among equal moves (the same seed, position and limits give the same move).
 */
import { LEVELS, type Level } from '../../engine/types.ts';
import type { OptionSpec } from '../../engine/protocol/reply.ts';
import { err, ok, type CodedError, type Result } from '../../util/result.ts';

export interface EngineSettings {
  readonly level: Level;
  readonly seed: number;
}

export const DEFAULT_SETTINGS: EngineSettings = { level: 10, seed: 0 };

/** The largest seed: UCI's spins are 32-bit on most clients. */
const MAX_SEED = 2 ** 31 - 1;

export const OPTION_SPECS: readonly OptionSpec[] = [
  { name: 'Level', type: 'spin', default: String(DEFAULT_SETTINGS.level), min: LEVELS[0], max: LEVELS[LEVELS.length - 1]! },
  { name: 'Seed', type: 'spin', default: String(DEFAULT_SETTINGS.seed), min: 0, max: MAX_SEED },
];

export type OptionCode = 'UnknownOption' | 'BadOptionValue';

/** The settings with option `name` (any case, as UCI engines take it) set to `value`. */
export function setOption(
  settings: EngineSettings,
  name: string,
  value: string | undefined,
): Result<EngineSettings, CodedError<OptionCode>> {
  const spec = OPTION_SPECS.find((o) => o.name.toLowerCase() === name.toLowerCase());
  if (spec === undefined)
    return err({ code: 'UnknownOption', message: `no option '${name}'; the options are ${OPTION_SPECS.map((o) => o.name).join(', ')}` });
  const n = value !== undefined && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!(n >= spec.min! && n <= spec.max!))
    return err({
      code: 'BadOptionValue',
      message: `${spec.name} takes a whole number from ${spec.min} to ${spec.max}, got '${value ?? ''}'`,
    });
  return ok(spec.name === 'Level' ? { ...settings, level: n as Level } : { ...settings, seed: n });
}
