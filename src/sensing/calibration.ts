/**
 * Per-board load-cell calibration: for every cell (wells first, then pivots, in the
 * board's cell-index order) the raw HX711 reading at zero load and the counts per gram.
 *
 * Pure: the caller reads and writes the file; this module parses, formats and applies.
 * The calibration lives on the host, keyed by the board id of HELLO (PROTOCOL.md
 * section 5, "why there is no tare command").
 *
 * File format, version 1 (JSON):
 * ```json
 * { "format": "senryaku-calibration", "version": 1,
 *   "boardId": "0000002A",                // hex8, as in HELLO
 *   "createdAt": "2025-01-01T12:00:00Z",  // optional, free ISO-8601 text
 *   "cells": [ { "offset": -123456, "countsPerGram": 431.2 }, ... ] }
 * ```
 * `offset` is raw counts (may be fractional: it is an average), within the HX711 range;
 * `countsPerGram` > 0 (the reference board's cells read positive under load).
 */
import { err, ok, type Result } from '../util/result.ts';
import { cellCountOf, type HardwareProfile } from '../board/profile.ts';
import type { Frame } from '../protocol/frame.ts';
import { isJsonObject } from '../util/json.ts';

export const CALIBRATION_FORMAT = 'senryaku-calibration';
export const CALIBRATION_VERSION = 1;

/** HX711 raw range (24-bit two's complement); the two ends also mean "saturated". */
export const RAW_MIN = -8_388_608;
export const RAW_MAX = 8_388_607;

/** Used when a profile has no `loadCells` section: the reference board's datasheet figure. */
export const FALLBACK_COUNTS_PER_GRAM = 429.5;

export interface CellCalibration {
  /** Raw counts at zero load. */
  readonly offset: number;
  /** Raw counts per gram of load (> 0). */
  readonly countsPerGram: number;
}

export interface Calibration {
  /** The board id of HELLO, uint32. */
  readonly boardId: number;
  readonly createdAt?: string;
  /** One per cell: wells in cell order, then the pivot cells. */
  readonly cells: readonly CellCalibration[];
}

export const CALIBRATION_PROBLEM_CODES = [
  'NotJson',
  'NotObject',
  'WrongFormat',
  'UnsupportedVersion',
  'Missing',
  'NotString',
  'BadBoardId',
  'NotArray',
  'NoCells',
  'WrongCellCount',
  'BadOffset',
  'BadScale',
] as const;
export type CalibrationProblemCode = (typeof CALIBRATION_PROBLEM_CODES)[number];

export interface CalibrationProblem {
  readonly code: CalibrationProblemCode;
  /** JSON path of the offending value, e.g. `cells[3].countsPerGram`; '' for the whole file. */
  readonly path: string;
  readonly message: string;
}

export interface ParseCalibrationOptions {
  /** When given, the file must hold exactly this many cells (wells + pivots of the profile). */
  readonly cellCount?: number;
}

/** Parses calibration text (JSON). */
export function parseCalibrationText(text: string, options: ParseCalibrationOptions = {}): Result<Calibration, CalibrationProblem[]> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return err([{ code: 'NotJson', path: '', message: `not valid JSON: ${(e as Error).message.replace(/\s+/g, ' ')}` }]);
  }
  return parseCalibration(json, options);
}

/** Checks parsed JSON (or text, for convenience); every problem is reported, not just the first. */
export function parseCalibration(input: unknown, options: ParseCalibrationOptions = {}): Result<Calibration, CalibrationProblem[]> {
  if (typeof input === 'string') return parseCalibrationText(input, options);
  const json = input;
  if (!isJsonObject(json)) return err([{ code: 'NotObject', path: '', message: 'a calibration is a JSON object' }]);
  const problems: CalibrationProblem[] = [];
  const problem = (code: CalibrationProblemCode, path: string, message: string): void => {
    problems.push({ code, path, message });
  };

  if (json.format !== CALIBRATION_FORMAT) problem('WrongFormat', 'format', `format must be "${CALIBRATION_FORMAT}"`);
  if (json.version !== CALIBRATION_VERSION)
    problem('UnsupportedVersion', 'version', `version must be ${CALIBRATION_VERSION}, got ${JSON.stringify(json.version)}`);

  let boardId = 0;
  if (json.boardId === undefined) problem('Missing', 'boardId', 'boardId (8 uppercase hex digits, as in HELLO) is missing');
  else if (typeof json.boardId !== 'string' || !/^[0-9A-F]{8}$/.test(json.boardId))
    problem('BadBoardId', 'boardId', `boardId must be 8 uppercase hex digits, got ${JSON.stringify(json.boardId)}`);
  else boardId = parseInt(json.boardId, 16);

  let createdAt: string | undefined;
  if (json.createdAt !== undefined) {
    if (typeof json.createdAt !== 'string') problem('NotString', 'createdAt', 'createdAt must be a string');
    else createdAt = json.createdAt;
  }

  const cells: CellCalibration[] = [];
  if (json.cells === undefined) problem('Missing', 'cells', 'cells (one entry per load cell) is missing');
  else if (!Array.isArray(json.cells)) problem('NotArray', 'cells', 'cells must be an array');
  else if (json.cells.length === 0) problem('NoCells', 'cells', 'cells is empty');
  else {
    if (options.cellCount !== undefined && json.cells.length !== options.cellCount)
      problem('WrongCellCount', 'cells', `the board has ${options.cellCount} cells, the file ${json.cells.length}`);
    json.cells.forEach((c: unknown, i: number) => {
      const path = `cells[${i}]`;
      if (!isJsonObject(c)) {
        problem('NotObject', path, `${path} must be an object { offset, countsPerGram }`);
        return;
      }
      const offset = c.offset;
      const scale = c.countsPerGram;
      let good = true;
      if (offset === undefined) {
        problem('Missing', `${path}.offset`, `${path}.offset is missing`);
        good = false;
      } else if (typeof offset !== 'number' || !Number.isFinite(offset) || offset < RAW_MIN || offset > RAW_MAX) {
        problem('BadOffset', `${path}.offset`, `${path}.offset must be a number within ${RAW_MIN}..${RAW_MAX}`);
        good = false;
      }
      if (scale === undefined) {
        problem('Missing', `${path}.countsPerGram`, `${path}.countsPerGram is missing`);
        good = false;
      } else if (typeof scale !== 'number' || !Number.isFinite(scale) || scale <= 0) {
        problem('BadScale', `${path}.countsPerGram`, `${path}.countsPerGram must be a number > 0`);
        good = false;
      }
      if (good) cells.push({ offset: offset as number, countsPerGram: scale as number });
    });
  }

  if (problems.length > 0) return err(problems);
  return ok({ boardId, ...(createdAt !== undefined ? { createdAt } : {}), cells });
}

/** The file text, two-space indented, one cell per line, ending in a newline. */
export function formatCalibration(c: Calibration): string {
  if (!Number.isInteger(c.boardId) || c.boardId < 0 || c.boardId > 0xffffffff) throw new RangeError(`boardId ${c.boardId} is not a uint32`);
  const head = {
    format: CALIBRATION_FORMAT,
    version: CALIBRATION_VERSION,
    boardId: c.boardId.toString(16).toUpperCase().padStart(8, '0'),
    ...(c.createdAt !== undefined ? { createdAt: c.createdAt } : {}),
  };
  const lines = Object.entries(head).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)},`);
  const cells = c.cells.map((cell) => `    ${JSON.stringify({ offset: cell.offset, countsPerGram: cell.countsPerGram })}`);
  return `{\n${lines.join('\n')}\n  "cells": [\n${cells.join(',\n')}\n  ]\n}\n`;
}

export const formatCalibrationProblems = (problems: readonly CalibrationProblem[]): string =>
  problems.map((p) => `${p.path || '(calibration)'}: ${p.message} [${p.code}]`).join('; ');

/** Wells + pivots of a hardware profile. */
export { cellCountOf };

export const nominalCountsPerGram = (hw: HardwareProfile): number => hw.loadCells?.nominalCountsPerGram ?? FALLBACK_COUNTS_PER_GRAM;

/**
 * Grams on every cell of one frame. Stale cells (no fresh reading) come out as NaN, so a
 * caller cannot mistake the board's repeated old value for a measurement. Cells beyond
 * the calibration also give NaN. Pass `out` to reuse a buffer.
 */
export function frameToGrams(frame: Frame, calibration: Calibration, out?: Float64Array): Float64Array {
  const n = frame.cells.length;
  const grams = out && out.length === n ? out : new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const cal = calibration.cells[i];
    grams[i] = cal ? ((frame.cells[i] ?? 0) - cal.offset) / cal.countsPerGram : NaN;
  }
  for (const s of frame.stale) if (s < n) grams[s] = NaN;
  return grams;
}
