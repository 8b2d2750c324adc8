/**
 * What opening a board checks before it opens anything: the options, the profile, and for
 * --port whether the device exists and may be opened (src/hardware/link/port-check.ts), so a
 * missing board is one line at once, not a link retrying until a timeout. Apart from the code
 * that opens one (open-board.ts), so a command checks its board before it loads the serial
 * stack or the simulator.
 */
import { fileURLToPath } from 'node:url';
import { checkPort, type AutoPort, type PortCheckErrorCode, type SerialDevices } from '../hardware/link/port-check.ts';
import { ARDUINO_USB_ID_LIST, matchUsbId } from '../hardware/link/usb-ids.ts';
import type { Ruleset, RulesetBoardFile } from '../rulesets/ruleset.ts';
import { DEFAULT_GAME } from '../games/registry.ts';
import { err, ok, type Result } from '../util/result.ts';
import type { BoardOptionValues } from './board-options.ts';
import { loadBoardFile } from './load-profile.ts';

/** The reference board a game is played on unless --profile says otherwise. */
export function referenceProfilePath(ruleset: Ruleset): string {
  if (ruleset.referenceProfileFile === undefined)
    throw new TypeError(`${ruleset.name} ships no reference profile file: it generates the profile`);
  return fileURLToPath(new URL(`../../hardware/profiles/${ruleset.referenceProfileFile}`, import.meta.url));
}

/** The board profile a session plays on: the file --profile names (`path`), else the game's reference board, from its file or as the game generates it. */
export function loadSessionProfile(path: string | undefined, ruleset: Ruleset): Result<RulesetBoardFile, string> {
  if (path !== undefined || ruleset.referenceProfileFile !== undefined)
    return loadBoardFile(path ?? referenceProfilePath(ruleset), ruleset);
  const read = ruleset.profileFile(ruleset.referenceProfile);
  return read.ok ? read : err(`the reference profile ${ruleset.name} generates is invalid: ${read.error}`);
}

/** `BadOption`: the options or the profile (bad input); the others: the port (see port-check.ts). */
export type OpenBoardErrorCode = 'BadOption' | PortCheckErrorCode;
export interface OpenBoardError {
  readonly code: OpenBoardErrorCode;
  readonly message: string;
}

/** What `--port auto` looks for. */
export const BOARD_AUTO_PORT: AutoPort = {
  matches: (p) => matchUsbId(p) !== undefined,
  what: `Arduino-like port (USB ids ${ARDUINO_USB_ID_LIST})`,
};

/** What the checks found: the profile file read, and the simulated board's seed. */
export interface CheckedBoard {
  readonly file: RulesetBoardFile;
  readonly seed: number;
}

export const badOption = (message: string) => err({ code: 'BadOption' as const, message });

/**
 * Everything openBoard checks before it opens anything: the options, the profile and (for
 * --port) the device. A command that says something first (the dashboard's address) checks
 * here before it does, so a bad board option is the only line.
 */
export async function checkBoardOptions(
  values: BoardOptionValues,
  extras: { readonly ruleset?: Ruleset; readonly devices?: Partial<SerialDevices> } = {},
): Promise<Result<CheckedBoard, OpenBoardError>> {
  if ((values.port === undefined) === !values.sim) return badOption('give exactly one of --port PATH (or --port auto) and --sim');
  if (values.seed !== undefined && !values.sim) return badOption('--seed only applies to --sim');
  if (values.port === '') return badOption('--port needs a path, or "auto"');
  const seed = values.seed === undefined ? 1 : /^-?\d+$/.test(values.seed) ? Number(values.seed) : NaN;
  if (!Number.isSafeInteger(seed)) return badOption(`--seed must be an integer, got '${values.seed}'`);
  const ruleset = extras.ruleset ?? DEFAULT_GAME;
  const loaded = loadSessionProfile(values.profile, ruleset);
  if (!loaded.ok) return badOption(loaded.error);
  if (values.port !== undefined) {
    const checked = await checkPort(values.port, BOARD_AUTO_PORT, extras.devices);
    if (!checked.ok) return checked;
  }
  return ok({ file: loaded.value, seed });
}
