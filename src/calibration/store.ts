/**
 * Calibrations on disk, one file per board id: `<dir>/<boardid-hex8>.json` in the format
 * of src/sensing/calibration.ts. The directory is `--calibration-dir`, else
 * $SENRYAKU_CALIBRATION_DIR, else ~/.config/senryaku/calibration (XDG_CONFIG_HOME honoured).
 *
 * Writes are atomic (temp file in the same directory, fsync, rename), so a crash or a
 * full disk never leaves half a calibration where a good one was. Reads validate and say
 * exactly what is wrong; a file filed under the wrong board id is refused.
 */
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { err, ok, type Result } from '../util/result.ts';
import { formatCalibration, formatCalibrationProblems, parseCalibrationText, type Calibration } from '../sensing/calibration.ts';
import { makeDirectories } from '../platform/make-directories.ts';

export const CALIBRATION_DIR_ENV = 'SENRYAKU_CALIBRATION_DIR';

export const CALIBRATION_STORE_ERROR_CODES = ['NotFound', 'Unreadable', 'Invalid', 'WrongBoard', 'WriteFailed'] as const;
export type CalibrationStoreErrorCode = (typeof CALIBRATION_STORE_ERROR_CODES)[number];
export interface CalibrationStoreError {
  readonly code: CalibrationStoreErrorCode;
  readonly path: string;
  readonly message: string;
}

const hex8 = (boardId: number): string => boardId.toString(16).toUpperCase().padStart(8, '0');

/** The directory to use: the option, else the environment, else the per-user default. */
export function resolveCalibrationDir(option: string | undefined, env: NodeJS.ProcessEnv = process.env, home = homedir()): string {
  if (option !== undefined && option !== '') return option;
  const fromEnv = env[CALIBRATION_DIR_ENV];
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  const config = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME !== '' ? env.XDG_CONFIG_HOME : join(home, '.config');
  return join(config, 'senryaku', 'calibration');
}

/**
 * A calibration file by its path (a stored one, or one named on the command line), checked
 * as the store checks its own: `cellCount` (from HELLO) and `boardId` make a file for
 * another board an error.
 */
export function loadCalibrationFile(
  path: string,
  options: { readonly cellCount?: number; readonly boardId?: number } = {},
): Result<Calibration, CalibrationStoreError> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return err({ code: 'NotFound', path, message: `no calibration ${path}` });
    return err({ code: 'Unreadable', path, message: `cannot read ${path}: ${code ?? (e as Error).message}` });
  }
  const parsed = parseCalibrationText(text, options.cellCount === undefined ? {} : { cellCount: options.cellCount });
  if (!parsed.ok) return err({ code: 'Invalid', path, message: `invalid calibration ${path}: ${formatCalibrationProblems(parsed.error)}` });
  if (options.boardId !== undefined && parsed.value.boardId !== options.boardId) {
    return err({
      code: 'WrongBoard',
      path,
      message: `${path} is the calibration of board ${hex8(parsed.value.boardId)}, not ${hex8(options.boardId)}`,
    });
  }
  return parsed;
}

export class CalibrationStore {
  readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }

  pathOf(boardId: number): string {
    return join(this.dir, `${hex8(boardId)}.json`);
  }

  /** The board's calibration; `cellCount` (from HELLO) makes a file for another cell count an error. */
  load(boardId: number, options: { readonly cellCount?: number } = {}): Result<Calibration, CalibrationStoreError> {
    const path = this.pathOf(boardId);
    const loaded = loadCalibrationFile(path, { ...options, boardId });
    if (!loaded.ok && loaded.error.code === 'NotFound')
      return err({ ...loaded.error, message: `no calibration for board ${hex8(boardId)} (${path})` });
    return loaded;
  }

  /** Writes atomically; returns the file's path. */
  save(calibration: Calibration): Result<string, CalibrationStoreError> {
    const path = this.pathOf(calibration.boardId);
    const temp = join(this.dir, `.${hex8(calibration.boardId)}.${process.pid}.${Date.now()}.tmp`);
    try {
      const text = formatCalibration(calibration);
      makeDirectories(this.dir);
      const fd = openSync(temp, 'w', 0o644);
      try {
        writeSync(fd, text);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(temp, path);
      return ok(path);
    } catch (e) {
      rmSync(temp, { force: true });
      const code = (e as NodeJS.ErrnoException).code;
      return err({ code: 'WriteFailed', path, message: `cannot write ${path}: ${code ?? (e as Error).message}` });
    }
  }
}
