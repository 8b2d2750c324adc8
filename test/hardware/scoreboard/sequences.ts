/** The verdict sequences both the LED and the text board are checked with. */
import type { Verdict } from '../../../src/referee/verdicts.ts';
import { V } from './harness.ts';

/** Game 1, A has White and captures: 2 points to A. */
export const CAPTURE_WIN: readonly Verdict[] = [
  V.gameStarted(1),
  V.move('white'),
  V.move('black'),
  V.gameOver(1, 'white', 'A', 2, { A: 2, B: 0 }),
];

/** Game 1, Black (B) crashes the board: 1 point to A. */
export const CRASH: readonly Verdict[] = [
  V.gameStarted(1),
  V.move('white'),
  V.crash('black'),
  V.gameOver(1, 'white', 'A', 1, { A: 1, B: 0 }),
];

/** Up to the last game of a match to N = 6: A has 4 points from two games. */
export const MATCH_BEFORE_LAST_GAME: readonly Verdict[] = [
  V.gameStarted(1, 'A'),
  V.gameOver(1, 'white', 'A', 2, { A: 2, B: 0 }),
  V.gameStarted(2, 'B'),
  V.gameOver(2, 'black', 'A', 2, { A: 4, B: 0 }),
  V.gameStarted(3, 'A'),
];
/** A captures again: 6 points, its marker reaches B's start, the match is over. */
export const MATCH_LAST_GAME: readonly Verdict[] = [V.gameOver(3, 'white', 'A', 2, { A: 6, B: 0 }), V.matchOver('A', { A: 6, B: 0 }, 3)];
