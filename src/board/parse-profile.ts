/**
 * Reads the hardware part of a board profile file (JSON): `grid`, `cells`, `loadCells`,
 * `tilt`, `wellLeds`, `geometry.wellPitch` and `unit`. Other keys (a game's masses, the
 * format tag) are left to whoever reads them. Pure; every problem is reported, with a code
 * and the JSON path, as settings validators do.
 *
 * Absent sections: a file without `grid` gets `defaults.grid` (the game's board), without
 * `cells` one cell per point in index order and no pivots, without `tilt` `defaults.tilt`.
 */
import { isJsonObject } from '../util/json.ts';
import { fieldReader } from '../util/json-fields.ts';
import { err, ok, type Result } from '../util/result.ts';
import type { Tilt } from '../protocol/fields.ts';
import { MAX_FILES, MAX_RANKS, isGrid, parsePointName, pointCount, type Grid } from './grid.ts';
import { NO_TILT, inOrderCells, type HardwareProfile, type LoadCellFigures } from './profile.ts';

export const HARDWARE_PROBLEM_CODES = [
  'NotObject',
  'Missing',
  'NotString',
  'NotPositiveNumber',
  // The shared field readers' (util/json-fields.ts); no hardware field takes a number >= 0 today.
  'NotNonNegativeNumber',
  'BadGrid',
  'BadWellName',
  'DuplicateWell',
  'WrongWellCount',
  'BadTiltSwitch',
  'BadLedCount',
] as const;
export type HardwareProblemCode = (typeof HARDWARE_PROBLEM_CODES)[number];

export interface HardwareProblem {
  readonly code: HardwareProblemCode;
  /** JSON path of the offending value, e.g. `cells.wells[3]`. */
  readonly path: string;
  readonly message: string;
}

export interface HardwareDefaults {
  readonly grid: Grid;
  readonly tilt?: Tilt;
}

/** The tilt switch names of the file, by the side each closes toward. */
const TILT_SWITCH_NAMES = { 'toward-white': 'white', 'toward-black': 'black' } as const;

type Json = Record<string, unknown>;

export function parseHardwareProfile(json: unknown, defaults: HardwareDefaults): Result<HardwareProfile, HardwareProblem[]> {
  if (!isJsonObject(json)) return err([{ code: 'NotObject', path: '', message: 'a profile is a JSON object' }]);
  const problems: HardwareProblem[] = [];
  const problem = (code: HardwareProblemCode, path: string, message: string): void => {
    problems.push({ code, path, message });
  };
  const { str, positive } = fieldReader(problem);
  const section = (obj: Json, key: string, path: string): Json | undefined => {
    const v = obj[key];
    if (v === undefined) return undefined;
    if (!isJsonObject(v)) {
      problem('NotObject', path, `${path} must be an object`);
      return {};
    }
    return v;
  };

  const name = str(json, 'name', 'name');
  const description = str(json, 'description', 'description', '');

  let grid = defaults.grid;
  const g = section(json, 'grid', 'grid');
  if (g) {
    const files = g.files;
    const ranks = g.ranks;
    const asked = { files: typeof files === 'number' ? files : NaN, ranks: typeof ranks === 'number' ? ranks : NaN };
    if (isGrid(asked)) grid = asked;
    else problem('BadGrid', 'grid', `grid must be { files: 1..${MAX_FILES}, ranks: 1..${MAX_RANKS} } (whole numbers)`);
  }

  const geometry = section(json, 'geometry', 'geometry');
  if (!geometry) problem('Missing', 'geometry', 'geometry must be an object');
  const pitch = positive(geometry ?? {}, 'wellPitch', 'geometry.wellPitch');
  const lengthUnit = str(geometry ?? {}, 'unit', 'geometry.unit', 'mm');

  const cells = parseCells(section(json, 'cells', 'cells'), grid, problem);
  const loadCells = parseLoadCells(section(json, 'loadCells', 'loadCells'), positive, problem);

  let tilt = defaults.tilt ?? NO_TILT;
  const t = section(json, 'tilt', 'tilt');
  if (t) {
    const fitted = { white: false, black: false };
    if (!Array.isArray(t.switches)) problem('Missing', 'tilt.switches', 'tilt.switches must list the switches fitted');
    else
      t.switches.forEach((s: unknown, i: number) => {
        const side = typeof s === 'string' ? TILT_SWITCH_NAMES[s as keyof typeof TILT_SWITCH_NAMES] : undefined;
        if (side === undefined)
          problem('BadTiltSwitch', `tilt.switches[${i}]`, `${JSON.stringify(s)} is not "toward-white" or "toward-black"`);
        else fitted[side] = true;
      });
    tilt = fitted;
  }

  let ledCount: number | undefined;
  const leds = section(json, 'wellLeds', 'wellLeds');
  if (leds && leds.count !== undefined) {
    if (typeof leds.count !== 'number' || !Number.isInteger(leds.count) || leds.count < 0 || leds.count > 255)
      problem('BadLedCount', 'wellLeds.count', 'wellLeds.count must be a whole number 0..255');
    else ledCount = leds.count;
  }

  if (problems.length > 0) return err(problems);
  return ok({
    name,
    description,
    grid,
    cells,
    tilt,
    ...(loadCells ? { loadCells } : {}),
    ...(ledCount !== undefined ? { ledCount } : {}),
    pitch,
    lengthUnit,
  });
}

type Problem = (code: HardwareProblemCode, path: string, message: string) => void;

/** `cells.wells`: every point of the grid named once, in cell order; `cells.pivots`: names. */
function parseCells(c: Json | undefined, grid: Grid, problem: Problem): HardwareProfile['cells'] {
  if (!c) return inOrderCells(grid);
  const count = pointCount(grid);
  const points: number[] = [];
  if (!Array.isArray(c.wells)) problem('Missing', 'cells.wells', `cells.wells must list the ${count} wells in cell order`);
  else {
    if (c.wells.length !== count) problem('WrongWellCount', 'cells.wells', `cells.wells must name ${count} wells, got ${c.wells.length}`);
    const seen = new Set<number>();
    c.wells.forEach((n: unknown, i: number) => {
      const p = typeof n === 'string' ? parsePointName(grid, n) : undefined;
      if (p === undefined)
        problem('BadWellName', `cells.wells[${i}]`, `${JSON.stringify(n)} is not a well of a ${grid.files}×${grid.ranks} grid`);
      else if (seen.has(p)) problem('DuplicateWell', `cells.wells[${i}]`, `well ${String(n)} is listed twice`);
      else {
        seen.add(p);
        points.push(p);
      }
    });
  }
  const pivots: string[] = [];
  if (c.pivots !== undefined) {
    if (!Array.isArray(c.pivots)) problem('NotObject', 'cells.pivots', 'cells.pivots must be an array of names');
    else
      c.pivots.forEach((p: unknown, i: number) => {
        if (typeof p !== 'string') problem('NotString', `cells.pivots[${i}]`, 'a pivot cell name is a string');
        else pivots.push(p);
      });
  }
  return { points, pivots };
}

function parseLoadCells(
  lc: Json | undefined,
  positive: (obj: Json, key: string, path: string) => number,
  problem: Problem,
): HardwareProfile['loadCells'] {
  if (!lc) return undefined;
  let pivots: LoadCellFigures | undefined;
  if (lc.pivots !== undefined) {
    const pv = isJsonObject(lc.pivots) ? lc.pivots : {};
    if (!isJsonObject(lc.pivots)) problem('NotObject', 'loadCells.pivots', 'loadCells.pivots must be an object');
    pivots = {
      nominalCountsPerGram: positive(pv, 'nominalCountsPerGram', 'loadCells.pivots.nominalCountsPerGram'),
      capacityG: positive(pv, 'capacityG', 'loadCells.pivots.capacityG'),
    };
  }
  return {
    nominalCountsPerGram: positive(lc, 'nominalCountsPerGram', 'loadCells.nominalCountsPerGram'),
    capacityG: positive(lc, 'capacityG', 'loadCells.capacityG'),
    ...(pivots ? { pivots } : {}),
  };
}
