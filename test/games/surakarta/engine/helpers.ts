/** Test helpers for Surakarta's engine: a search board at a rules-core position, and perft through it. */
import type { SearchBoard } from '../../../../src/engine/types.ts';
import { SURAKARTA_ENGINE } from '../../../../src/games/surakarta/engine/engine-game.ts';
import { PASS, SurakartaSearchBoard } from '../../../../src/games/surakarta/engine/search-board.ts';
import { formatPosition, type Position } from '../../../../src/games/surakarta/rules/index.ts';
import { loadBoard, searchPerft as perftThrough } from '../../../engine/board-helpers.ts';

export const boardAt = (pos: Position, moves: readonly string[] = []): SurakartaSearchBoard =>
  loadBoard(SURAKARTA_ENGINE, SurakartaSearchBoard, formatPosition(pos), moves);

/** Perft through the search board, counted as the rules core counts it (rules/perft.ts): a pass is no move. */
export const searchPerft = (board: SearchBoard, depth: number): number => perftThrough(board, depth, PASS);
