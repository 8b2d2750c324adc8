/** Surakarta's board compared with a position (src/referee/board-view.ts): its points and pieces. */
import { POINTS, cellChar, pointName } from '../../rules/surakarta/types.ts';
import { boardView } from '../board-view.ts';
import { UNKNOWN_PIECE } from './state.ts';

export const { sameOccupancy, occupancyDiff, restorationSteps, resyncReport } = boardView({
  cells: POINTS,
  cellName: pointName,
  pieceLetter: cellChar,
  unknownPiece: UNKNOWN_PIECE,
});
