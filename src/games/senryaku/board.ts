/**
 * Senryaku on a referee board. The referee keeps one flat `SenryakuBoardProfile`: the
 * game's physics (masses, pinnacle gap) with the board's cell map and load-cell figures
 * beside it, the shape journal headers have always stored, so that a journal alone still
 * says which cell was which well. What it says to the layers that know no game:
 * `hardwareOf` takes its hardware part (the 7×6 grid of wells, the cell map, the load
 * cells) and `sensingGameOf` / `balanceMarginsOf` its physics in grams, the way sensing
 * takes them.
 */
import type { Grid } from '../../board/grid.ts';
import { inOrderCells, type HardwareProfile } from '../../board/profile.ts';
import { BalanceModel, Y2 } from './rules/balance.ts';
import { gramsPerMassUnit, type BoardProfile } from './rules/profile.ts';
import { FILES, PIECE_CHARS, RANKS, WELLS } from './rules/types.ts';
import type { Calibration } from '../../sensing/calibration.ts';
import type { BalanceMargins, SensingGame } from '../../sensing/game.ts';
import type { SensingOptions } from '../../sensing/options.ts';
import type { SensingSetup } from '../../sensing/pipeline.ts';
import { isJsonObject } from '../../util/json.ts';
import { err, ok, type Result } from '../../util/result.ts';
import type { RulesetBoardFile } from '../../rulesets/ruleset.ts';

/** The cell map as journal headers keep it: well index of each well cell, then the pivot cells' names. */
export interface ProfileCells {
  readonly wells: readonly number[];
  readonly pivots: readonly string[];
}

/** Senryaku's physics with the board's cell map and load cells, flat (see above). */
export interface SenryakuBoardProfile extends BoardProfile {
  /** Absent for an abstract profile (cell i = well i). */
  readonly cells?: ProfileCells;
  readonly loadCells?: HardwareProfile['loadCells'];
}

export const SENRYAKU_GRID: Grid = Object.freeze({ files: FILES, ranks: RANKS });

/** A Senryaku board has a tilt switch toward each side. */
export const SENRYAKU_TILT = Object.freeze({ white: true, black: true });

/**
 * The hardware part of a flat profile. A profile without a cell map (an abstract one) is
 * read as cell i = well i and `defaultPivots` after them (none unless the caller says: the
 * simulator models the reference board's two).
 */
export function hardwareOf(profile: SenryakuBoardProfile, defaultPivots: readonly string[] = []): HardwareProfile {
  return {
    name: profile.name,
    description: profile.description,
    grid: SENRYAKU_GRID,
    cells: profile.cells ? { points: profile.cells.wells, pivots: profile.cells.pivots } : inOrderCells(SENRYAKU_GRID, defaultPivots),
    tilt: SENRYAKU_TILT,
    ...(profile.loadCells ? { loadCells: profile.loadCells } : {}),
    pitch: profile.wellPitch,
    lengthUnit: profile.lengthUnit,
  };
}

/** The spheres w W b B and the board, in grams (an abstract profile's unit is the reference sphere). */
export function sensingGameOf(profile: BoardProfile): SensingGame {
  const g = gramsPerMassUnit(profile);
  return {
    pieceMassesG: Object.fromEntries(PIECE_CHARS.map((p) => [p, profile.sphereMass[p] * g])),
    boardMassG: profile.boardMass * g,
  };
}

/** The rules' balance model over measured well loads (grams), margins in g·pitch. */
export function balanceMarginsOf(profile: BoardProfile): BalanceMargins {
  const model = BalanceModel.fromProfile({ ...profile, boardMass: profile.boardMass * gramsPerMassUnit(profile) });
  return (loadsG) => {
    let moment2 = 0;
    let mass = 0;
    for (let w = 0; w < loadsG.length; w++) {
      const load = loadsG[w] ?? 0;
      moment2 += load * (Y2[w] ?? 0);
      mass += load;
    }
    return model.margins({ moment2, mass });
  };
}

/** Everything sensing needs for a Senryaku board with this profile. */
export const sensingSetupOf = (
  profile: SenryakuBoardProfile,
  calibration: Calibration,
  options?: Partial<SensingOptions>,
): SensingSetup => ({
  hardware: hardwareOf(profile),
  game: sensingGameOf(profile),
  calibration,
  ...(options ? { options } : {}),
  balanceMargins: balanceMarginsOf(profile),
});

const isFiniteNumber = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

/**
 * A flat profile read back from a journal header (a damaged or edited one too): its shape is
 * checked before anything trusts it, and the message names the first bad field.
 */
export function parseSenryakuBoardProfile(p: unknown): Result<SenryakuBoardProfile, string> {
  if (!isJsonObject(p)) return err('missing');
  for (const k of ['boardMass', 'halfGap', 'wellPitch'] as const) if (!isFiniteNumber(p[k])) return err(`${k} must be a number`);
  const m = p.sphereMass;
  if (!isJsonObject(m) || !['w', 'W', 'b', 'B'].every((k) => isFiniteNumber(m[k]) && m[k] > 0))
    return err('sphereMass needs w, W, b and B > 0');
  if (p.cells !== undefined) {
    const c = p.cells;
    if (!isJsonObject(c) || !Array.isArray(c.wells) || !Array.isArray(c.pivots)) return err('cells needs wells and pivots');
    if (!c.wells.every((w) => Number.isInteger(w) && (w as number) >= 0 && (w as number) < WELLS))
      return err('cells.wells must be well indexes');
  }
  return ok(p as unknown as SenryakuBoardProfile);
}

/** The flat profile of a board file that Senryaku read (`SENRYAKU.profileFile` made it). */
export function senryakuProfileOf(file: RulesetBoardFile): SenryakuBoardProfile {
  const profile = parseSenryakuBoardProfile(file.profile);
  if (!profile.ok) throw new Error(`${file.name} was not read as a Senryaku board: ${profile.error}`);
  return profile.value;
}
