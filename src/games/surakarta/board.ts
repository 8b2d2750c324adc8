/**
 * Surakarta on a referee board: 36 load cells, one under each point of the 6×6 grid, no
 * pivots and no tilt switches (the board lies flat and cannot tip). Its profile file
 * (hardware/profiles/surakarta-mega-2560.json) is a hardware profile (src/board's format)
 * with the pieces' masses; a journal header keeps the file as it was, and this module reads
 * it again from there, checking everything.
 */
import type { Grid } from '../../board/grid.ts';
import { parseHardwareProfile } from '../../board/parse-profile.ts';
import { NO_TILT, type HardwareProfile } from '../../board/profile.ts';
import { FILES, PIECE_CHARS, RANKS, type PieceChar } from './rules/types.ts';
import type { Calibration } from '../../sensing/calibration.ts';
import type { SensingOptions } from '../../sensing/options.ts';
import type { SensingSetup } from '../../sensing/pipeline.ts';
import { isJsonObject } from '../../util/json.ts';
import { err, ok, type Result } from '../../util/result.ts';

export const SURAKARTA_GRID: Grid = Object.freeze({ files: FILES, ranks: RANKS });

const GRAMS_PER_UNIT: Readonly<Record<string, number>> = { g: 1, kg: 1000 };

/** A Surakarta board as its profile file describes it. */
export interface SurakartaBoard {
  readonly hardware: HardwareProfile;
  /** Each side's piece, grams. */
  readonly pieceMassG: Readonly<Record<PieceChar, number>>;
}

/** Reads a profile file (or the copy a journal header keeps); the message lists every problem. */
export function parseSurakartaBoard(json: unknown): Result<SurakartaBoard, string> {
  const problems: string[] = [];
  const hardware = parseHardwareProfile(json, { grid: SURAKARTA_GRID, tilt: NO_TILT });
  if (!hardware.ok) problems.push(...hardware.error.map((p) => `${p.path || '(profile)'}: ${p.message} [${p.code}]`));
  else {
    const { grid, cells, tilt } = hardware.value;
    if (grid.files !== FILES || grid.ranks !== RANKS) problems.push(`grid: Surakarta is played on ${FILES} × ${RANKS} points`);
    if (cells.pivots.length > 0) problems.push('cells.pivots: a Surakarta board lies flat, it has no pivot cells');
    if (tilt.white || tilt.black) problems.push('tilt: a Surakarta board cannot tip, it has no tilt switches');
  }
  const masses = isJsonObject(json) ? json.masses : undefined;
  const unit = isJsonObject(masses) && typeof masses.unit === 'string' ? GRAMS_PER_UNIT[masses.unit] : undefined;
  const pieces = isJsonObject(masses) ? masses.pieces : undefined;
  const pieceMassG: Partial<Record<PieceChar, number>> = {};
  if (unit === undefined) problems.push('masses.unit: must be "g" or "kg"');
  for (const p of PIECE_CHARS) {
    const m = isJsonObject(pieces) ? pieces[p] : undefined;
    if (typeof m === 'number' && Number.isFinite(m) && m > 0) pieceMassG[p] = m * (unit ?? 1);
    else problems.push(`masses.pieces.${p}: the mass of a '${p}' piece, a number > 0`);
  }
  if (problems.length > 0 || !hardware.ok) return err(problems.join('; '));
  return ok({ hardware: hardware.value, pieceMassG: pieceMassG as Record<PieceChar, number> });
}

/** What sensing needs on this board: its cells and the pieces' masses; nothing leans. */
export const surakartaSensingSetup = (
  board: SurakartaBoard,
  calibration: Calibration,
  options?: Partial<SensingOptions>,
): SensingSetup => ({
  hardware: board.hardware,
  game: { pieceMassesG: { ...board.pieceMassG }, boardMassG: 0 },
  calibration,
  ...(options ? { options } : {}),
});
