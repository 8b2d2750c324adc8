/** Senryaku's board compared with a position (src/referee/board-view.ts): its wells and spheres. */
import { WELLS, cellChar, wellName } from '../../rules/senryaku/types.ts';
import { boardView } from '../board-view.ts';
import { UNKNOWN_SPHERE } from './state.ts';

export const { sameOccupancy, occupancyDiff, restorationSteps, resyncReport } = boardView({
  cells: WELLS,
  cellName: wellName,
  pieceLetter: cellChar,
  unknownPiece: UNKNOWN_SPHERE,
});
