/**
 * The options that name a board (`--port PATH|auto`, `--sim`, `--seed`, `--profile`) and a
 * board command's `--duration`, apart from the code that checks (board-check.ts) or opens
 * (open-board.ts) a board: a command reads its arguments with these before it loads either.
 */
import { err, ok, type Result } from '../util/result.ts';

/** node:util parseArgs specs shared by every board command. */
export const boardOptionSpecs = {
  port: { type: 'string' },
  sim: { type: 'boolean' },
  seed: { type: 'string' },
  profile: { type: 'string' },
} as const;

export interface BoardOptionValues {
  readonly port?: string | undefined;
  readonly sim?: boolean | undefined;
  readonly seed?: string | undefined;
  readonly profile?: string | undefined;
}

/** `--duration S`: seconds > 0, possibly fractional; undefined when absent. */
export function parseDurationSeconds(text: string | undefined): Result<number | undefined, string> {
  if (text === undefined) return ok(undefined);
  const s = /^\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
  if (!(s > 0)) return err(`--duration must be a number of seconds > 0, got '${text}'`);
  return ok(Math.round(s * 1000));
}
