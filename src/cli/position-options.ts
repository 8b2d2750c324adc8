/** The options that pick a position and a balance model, shared by perft and moves. */
import { loadProfileFile } from '../app/load-profile.ts';
import { BalanceModel, DEFAULT_PROFILE, START_SPN, parseSpn, type Position } from '../rules/senryaku/index.ts';
import { UsageError } from './io.ts';

export const positionOptionSpecs = {
  position: { type: 'string' },
  profile: { type: 'string' },
} as const;

export function readPosition(spn: string | undefined): Position {
  const parsed = parseSpn((spn ?? START_SPN).trim());
  if (!parsed.ok) throw new UsageError(`bad --position: ${parsed.error.message} [${parsed.error.code}]`);
  return parsed.value;
}

export function readModel(profilePath: string | undefined): BalanceModel {
  if (profilePath === undefined) return BalanceModel.fromProfile(DEFAULT_PROFILE);
  const loaded = loadProfileFile(profilePath);
  if (!loaded.ok) throw new UsageError(loaded.error);
  return BalanceModel.fromProfile(loaded.value);
}
