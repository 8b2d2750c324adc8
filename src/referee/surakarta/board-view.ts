/** Comparing the board the sensors report with a position: what differs, and how to put it right. */
import { EMPTY, POINTS, cellChar, pointName, type Point } from '../../rules/surakarta/types.ts';
import type { Difference, Restoration } from '../verdicts.ts';
import { UNKNOWN_PIECE } from './state.ts';

const letter = (cell: number): string | undefined => (cell === UNKNOWN_PIECE ? undefined : cellChar(cell));

/** Same points occupied (the sensors tell occupancy, not whose piece). */
export function sameOccupancy(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  for (let p = 0; p < POINTS; p++) if (((a[p] ?? EMPTY) === EMPTY) !== ((b[p] ?? EMPTY) === EMPTY)) return false;
  return true;
}

/** Points whose occupancy differs: expected full but sensed empty (missing), and the reverse (extra). */
export function occupancyDiff(sensed: ArrayLike<number>, expected: ArrayLike<number>): { missing: Point[]; extra: Point[] } {
  const missing: Point[] = [];
  const extra: Point[] = [];
  for (let p = 0; p < POINTS; p++) {
    const s = (sensed[p] ?? EMPTY) !== EMPTY;
    const e = (expected[p] ?? EMPTY) !== EMPTY;
    if (e && !s) missing.push(p);
    if (s && !e) extra.push(p);
  }
  return { missing, extra };
}

export function differences(sensed: ArrayLike<number>, expected: ArrayLike<number>): Difference[] {
  const { missing, extra } = occupancyDiff(sensed, expected);
  return [...missing, ...extra]
    .sort((x, y) => x - y)
    .map((p) => ({
      well: pointName(p),
      expected: cellChar(expected[p] ?? EMPTY) ?? 'empty',
      sensed: (sensed[p] ?? EMPTY) === EMPTY ? 'empty' : 'sphere',
    }));
}

/**
 * How to get from the board as it stands back to a position: a piece standing where the
 * position has none and the same side's piece missing elsewhere is one "move it back"; the
 * rest are put back (from the hand) or taken away.
 */
export function restorationSteps(onBoard: ArrayLike<number>, target: ArrayLike<number>): Restoration[] {
  const { missing, extra } = occupancyDiff(onBoard, target);
  const steps: Restoration[] = [];
  const unmatched = [...missing];
  for (const from of extra) {
    const cell = onBoard[from] ?? EMPTY;
    const i = unmatched.findIndex((p) => (target[p] ?? EMPTY) === cell);
    if (i >= 0) {
      const to = unmatched.splice(i, 1)[0]!;
      steps.push({ action: 'move-back', well: pointName(to), from: pointName(from), ...pieceOf(cell) });
    } else steps.push({ action: 'remove', well: pointName(from), ...pieceOf(cell) });
  }
  for (const p of unmatched) steps.push({ action: 'put-back', well: pointName(p), ...pieceOf(target[p] ?? EMPTY) });
  return steps;
}

const pieceOf = (cell: number): { sphere?: string } => {
  const l = letter(cell);
  return l ? { sphere: l } : {};
};

export const describeRestoration = (r: Restoration): string => {
  const what = r.sphere ? `the '${r.sphere}' piece` : 'the piece';
  switch (r.action) {
    case 'put-back':
      return `put ${what} back on ${r.well}`;
    case 'remove':
      return `take ${what} off ${r.well}`;
    case 'move-back':
      return `move ${what} from ${r.from} back to ${r.well}`;
  }
};
