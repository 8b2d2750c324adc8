/**
 * Surakarta on a referee board: 36 load cells, one under each point of the 6×6 grid, no
 * pivots and no tilt switches (the board lies flat and cannot tip). Its profile file
 * (hardware/profiles/surakarta-mega-2560.json) is a hardware profile (src/board's format)
 * with the pieces' masses; a journal header keeps the file as it was, and this module reads
 * it again from there, checking everything.
 */
import type { Grid } from '../../board/grid.ts';
import { FILES, PIECE_CHARS, RANKS, type PieceChar } from './rules/types.ts';
import type { Calibration } from '../../sensing/calibration.ts';
import type { SensingOptions } from '../../sensing/options.ts';
import type { SensingSetup } from '../../sensing/pipeline.ts';
import type { Result } from '../../util/result.ts';
import { flatBoardSensingSetup, parseFlatBoard, type FlatBoard } from '../../rulesets/flat-board.ts';

export const SURAKARTA_GRID: Grid = Object.freeze({ files: FILES, ranks: RANKS });

/** A Surakarta board as its profile describes it: a flat board of 6×6 points. */
export type SurakartaBoard = FlatBoard<PieceChar>;

/** Reads a profile (a file, the generated one, or a journal header's copy); the message lists every problem. */
export const parseSurakartaBoard = (json: unknown): Result<SurakartaBoard, string> =>
  parseFlatBoard(json, { name: 'Surakarta', grid: SURAKARTA_GRID, cells: 'points', pieces: PIECE_CHARS });

/** What sensing needs on this board: its cells and the pieces' masses; nothing leans. */
export const surakartaSensingSetup: (board: SurakartaBoard, calibration: Calibration, options?: Partial<SensingOptions>) => SensingSetup =
  flatBoardSensingSetup;
