/**
 * Senryaku on a referee board: what the Senryaku profile (one flat object, as profile files
 * and journal headers hold it) says to the layers that know no game. `hardwareOf` takes
 * its hardware part (the 7×6 grid of wells, the cell map, the load cells) and
 * `sensingGameOf` / `balanceMarginsOf` its physics in grams, the way sensing takes them.
 */
import type { Grid } from '../board/grid.ts';
import { inOrderCells, type HardwareProfile } from '../board/profile.ts';
import { BalanceModel, Y2 } from '../rules/senryaku/balance.ts';
import { gramsPerMassUnit, type BoardProfile } from '../rules/senryaku/profile.ts';
import { FILES, PIECE_CHARS, RANKS } from '../rules/senryaku/types.ts';
import type { Calibration } from '../sensing/calibration.ts';
import type { SimBoardOptions } from '../hardware/sim/sim-board.ts';
import type { LoadedProfile, SenryakuBoardProfile } from './profile-file.ts';
import type { BalanceMargins, SensingGame } from '../sensing/game.ts';
import type { SensingOptions } from '../sensing/options.ts';
import type { SensingSetup } from '../sensing/pipeline.ts';

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

/** The simulator built as the profile file says: Senryaku's physics in grams on the file's hardware. */
export const simBoardOptionsOf = (loaded: LoadedProfile): Pick<SimBoardOptions, 'profile' | 'hardware' | 'gramsPerMassUnit'> => ({
  profile: loaded.profile,
  hardware: loaded.hardware,
  gramsPerMassUnit: gramsPerMassUnit(loaded.profile),
});

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
