/** Comparing the board the sensors report with a position: what differs, and how to put it right. */
import { EMPTY, WELLS, cellChar, wellName, type Well } from '../../rules/senryaku/types.ts';
import type { Difference, Restoration } from '../verdicts.ts';
import { UNKNOWN_SPHERE } from './state.ts';

const letter = (cell: number): string | undefined => (cell === UNKNOWN_SPHERE ? undefined : cellChar(cell));

/** Same wells occupied (the sensors tell occupancy, not which sphere). */
export function sameOccupancy(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  for (let w = 0; w < WELLS; w++) if (((a[w] ?? EMPTY) === EMPTY) !== ((b[w] ?? EMPTY) === EMPTY)) return false;
  return true;
}

/** Wells whose occupancy differs: expected full but sensed empty (missing), and the reverse (extra). */
export function occupancyDiff(sensed: ArrayLike<number>, expected: ArrayLike<number>): { missing: Well[]; extra: Well[] } {
  const missing: Well[] = [];
  const extra: Well[] = [];
  for (let w = 0; w < WELLS; w++) {
    const s = (sensed[w] ?? EMPTY) !== EMPTY;
    const e = (expected[w] ?? EMPTY) !== EMPTY;
    if (e && !s) missing.push(w);
    if (s && !e) extra.push(w);
  }
  return { missing, extra };
}

export function differences(sensed: ArrayLike<number>, expected: ArrayLike<number>): Difference[] {
  const { missing, extra } = occupancyDiff(sensed, expected);
  return [...missing, ...extra]
    .sort((x, y) => x - y)
    .map((w) => ({
      well: wellName(w),
      expected: cellChar(expected[w] ?? EMPTY) ?? 'empty',
      sensed: (sensed[w] ?? EMPTY) === EMPTY ? 'empty' : 'sphere',
    }));
}

/**
 * How to get from the board as it stands back to a position: a sphere standing where the
 * position has none and the same sphere missing elsewhere is one "move it back"; the
 * rest are put back (from the hand) or taken away.
 */
export function restorationSteps(onBoard: ArrayLike<number>, target: ArrayLike<number>): Restoration[] {
  const { missing, extra } = occupancyDiff(onBoard, target);
  const steps: Restoration[] = [];
  const unmatched = [...missing];
  for (const from of extra) {
    const cell = onBoard[from] ?? EMPTY;
    const i = unmatched.findIndex((w) => (target[w] ?? EMPTY) === cell);
    if (i >= 0) {
      const to = unmatched.splice(i, 1)[0]!;
      steps.push({ action: 'move-back', well: wellName(to), from: wellName(from), ...sphereOf(cell) });
    } else steps.push({ action: 'remove', well: wellName(from), ...sphereOf(cell) });
  }
  for (const w of unmatched) steps.push({ action: 'put-back', well: wellName(w), ...sphereOf(target[w] ?? EMPTY) });
  return steps;
}

const sphereOf = (cell: number): { sphere?: string } => {
  const l = letter(cell);
  return l ? { sphere: l } : {};
};

export const describeRestoration = (r: Restoration): string => {
  const what = r.sphere ? `the '${r.sphere}' sphere` : 'the sphere';
  switch (r.action) {
    case 'put-back':
      return `put ${what} back on ${r.well}`;
    case 'remove':
      return `take ${what} off ${r.well}`;
    case 'move-back':
      return `move ${what} from ${r.from} back to ${r.well}`;
  }
};
