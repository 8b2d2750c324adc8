/** Senryaku's board compared with a position (src/referee/board-view.ts): its wells and spheres. */
import { WELLS, cellChar, wellName } from '../../rules/senryaku/types.ts';
import { boardView, describeRestoration as describe } from '../board-view.ts';
import type { Restoration } from '../verdicts.ts';
import { UNKNOWN_SPHERE } from './state.ts';

export const { sameOccupancy, occupancyDiff, restorationSteps, resyncReport } = boardView({
  cells: WELLS,
  cellName: wellName,
  pieceLetter: cellChar,
  unknownPiece: UNKNOWN_SPHERE,
});

export const describeRestoration = (r: Restoration): string => describe(r, 'sphere');
