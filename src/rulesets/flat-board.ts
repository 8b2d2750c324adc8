/**
 * A board that lies flat (Surakarta's, Breakthrough's): a load cell under each cell of the
 * game's grid, no pivots, no tilt switches, and the pieces' masses. Its profile is a hardware
 * profile (src/board's format) with `masses: { unit, pieces }`; this reads it (a file, or the
 * copy a journal header keeps), checking everything, and gives what sensing needs on it.
 */
import type { Grid } from '../board/grid.ts';
import { parseHardwareProfile } from '../board/parse-profile.ts';
import { NO_TILT, type HardwareProfile } from '../board/profile.ts';
import type { Calibration } from '../sensing/calibration.ts';
import type { SensingOptions } from '../sensing/options.ts';
import type { SensingSetup } from '../sensing/pipeline.ts';
import { isJsonObject } from '../util/json.ts';
import { err, ok, type Result } from '../util/result.ts';
import type { RulesetBoardFile } from './ruleset.ts';

export interface FlatBoard<Piece extends string> {
  readonly hardware: HardwareProfile;
  /** Each side's piece, grams. */
  readonly pieceMassG: Readonly<Record<Piece, number>>;
}

/** What the board must be for the game: its grid, the word for its cells, its pieces' letters. */
export interface FlatBoardGame<Piece extends string> {
  readonly name: string;
  readonly grid: Grid;
  readonly cells: string;
  readonly pieces: readonly Piece[];
}

const GRAMS_PER_UNIT: Readonly<Record<string, number>> = { g: 1, kg: 1000 };

/** Reads a flat board's profile for `game`; the message lists every problem. */
export function parseFlatBoard<Piece extends string>(json: unknown, game: FlatBoardGame<Piece>): Result<FlatBoard<Piece>, string> {
  const problems: string[] = [];
  const hardware = parseHardwareProfile(json, { grid: game.grid, tilt: NO_TILT });
  if (!hardware.ok) problems.push(...hardware.error.map((p) => `${p.path || '(profile)'}: ${p.message} [${p.code}]`));
  else {
    const { grid, cells, tilt } = hardware.value;
    if (grid.files !== game.grid.files || grid.ranks !== game.grid.ranks)
      problems.push(`grid: ${game.name} is played on ${game.grid.files} × ${game.grid.ranks} ${game.cells}`);
    if (cells.pivots.length > 0) problems.push(`cells.pivots: a ${game.name} board lies flat, it has no pivot cells`);
    if (tilt.white || tilt.black) problems.push(`tilt: a ${game.name} board cannot tip, it has no tilt switches`);
  }
  const masses = isJsonObject(json) ? json.masses : undefined;
  const unit = isJsonObject(masses) && typeof masses.unit === 'string' ? GRAMS_PER_UNIT[masses.unit] : undefined;
  const pieces = isJsonObject(masses) ? masses.pieces : undefined;
  const pieceMassG: Partial<Record<Piece, number>> = {};
  if (unit === undefined) problems.push('masses.unit: must be "g" or "kg"');
  for (const p of game.pieces) {
    const m = isJsonObject(pieces) ? pieces[p] : undefined;
    if (typeof m === 'number' && Number.isFinite(m) && m > 0) pieceMassG[p] = m * (unit ?? 1);
    else problems.push(`masses.pieces.${p}: the mass of a '${p}' piece, a number > 0`);
  }
  if (problems.length > 0 || !hardware.ok) return err(problems.join('; '));
  return ok({ hardware: hardware.value, pieceMassG: pieceMassG as Record<Piece, number> });
}

/** What sensing needs on a flat board: its cells and the pieces' masses; nothing leans. */
export const flatBoardSensingSetup = <Piece extends string>(
  board: FlatBoard<Piece>,
  calibration: Calibration,
  options?: Partial<SensingOptions>,
): SensingSetup => ({
  hardware: board.hardware,
  game: { pieceMassesG: { ...board.pieceMassG }, boardMassG: 0 },
  calibration,
  ...(options ? { options } : {}),
});

/** A flat board's profile as its game's `profileFile` gives it; `json` is kept as it was, for the journal. */
export function flatBoardFile<Piece extends string>(json: unknown, board: FlatBoard<Piece>, pieces: readonly Piece[]): RulesetBoardFile {
  const { hardware, pieceMassG } = board;
  return {
    name: hardware.name,
    // The journal keeps the profile as it was; the game's boardProfile reads it again from there.
    profile: json,
    hardware,
    mapped: isJsonObject(json) && json.cells !== undefined,
    lightestPieceG: Math.min(...Object.values<number>(pieceMassG)),
    boardOnPivotsG: undefined,
    pivotHalfGap: 0,
    sim: {
      pieces: pieces.join(''),
      // A flat board on no pivots: the pinnacle gap and the board's mass play no part.
      physics: { wellPitch: 1, halfGap: 0, boardMass: 0, sphereMass: { ...pieceMassG }, massUnit: 'g' },
      gramsPerMassUnit: 1,
    },
  };
}
