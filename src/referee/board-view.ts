/**
 * Comparing the board the sensors report with a position, for any game on a grid of cells:
 * what differs, and how to put it right. A game names its cells and pieces (`BoardNaming`);
 * boards are one code per cell, EMPTY (0) for none.
 */
import type { Difference, Restoration } from './verdicts.ts';

const EMPTY = 0;

export interface BoardNaming {
  readonly cells: number;
  readonly cellName: (cell: number) => string;
  /** The notation letter of a piece code (undefined for a code the notation has no letter for). */
  readonly pieceLetter: (code: number) => string | undefined;
  /** The code of a piece on the board whose kind is not known (put down by nobody's move). */
  readonly unknownPiece: number;
}

export interface BoardView {
  /** Same cells occupied (the sensors tell occupancy, not which piece). */
  readonly sameOccupancy: (a: ArrayLike<number>, b: ArrayLike<number>) => boolean;
  /** Cells whose occupancy differs: expected full but sensed empty (missing), and the reverse (extra). */
  readonly occupancyDiff: (sensed: ArrayLike<number>, expected: ArrayLike<number>) => { missing: number[]; extra: number[] };
  readonly differences: (sensed: ArrayLike<number>, expected: ArrayLike<number>) => Difference[];
  /**
   * How to get from the board as it stands back to a position: a piece standing where the
   * position has none (or another piece) and the same piece missing elsewhere is one "move it
   * back"; the rest are put back (from the hand) or taken away.
   */
  readonly restorationSteps: (onBoard: ArrayLike<number>, target: ArrayLike<number>) => Restoration[];
  /**
   * While the board is put back to a position (after a restart, or a holding attributed to
   * nobody): what is still different, said again only when it changed since `lastReport`.
   * `report` is what to remember as the last report.
   */
  readonly resyncReport: (
    sensed: ArrayLike<number>,
    expected: ArrayLike<number>,
    lastReport: string | undefined,
  ) => { readonly report: string; readonly differences: Difference[] | undefined };
}

export function boardView(n: BoardNaming): BoardView {
  const occupied = (b: ArrayLike<number>, c: number): boolean => (b[c] ?? EMPTY) !== EMPTY;
  const pieceOf = (code: number): { sphere?: string } => {
    const l = code === n.unknownPiece ? undefined : n.pieceLetter(code);
    return l ? { sphere: l } : {};
  };
  const occupancyDiff: BoardView['occupancyDiff'] = (sensed, expected) => {
    const missing: number[] = [];
    const extra: number[] = [];
    for (let c = 0; c < n.cells; c++) {
      if (occupied(expected, c) && !occupied(sensed, c)) missing.push(c);
      if (occupied(sensed, c) && !occupied(expected, c)) extra.push(c);
    }
    return { missing, extra };
  };
  const differences: BoardView['differences'] = (sensed, expected) => {
    const { missing, extra } = occupancyDiff(sensed, expected);
    return [...missing, ...extra]
      .sort((x, y) => x - y)
      .map((c) => ({
        well: n.cellName(c),
        expected: n.pieceLetter(expected[c] ?? EMPTY) ?? 'empty',
        sensed: occupied(sensed, c) ? 'sphere' : 'empty',
      }));
  };
  return {
    sameOccupancy: (a, b) => {
      for (let c = 0; c < n.cells; c++) if (occupied(a, c) !== occupied(b, c)) return false;
      return true;
    },
    occupancyDiff,
    differences,
    resyncReport: (sensed, expected, lastReport) => {
      const diff = differences(sensed, expected);
      const report = JSON.stringify(diff);
      return { report, differences: report === lastReport ? undefined : diff };
    },
    restorationSteps: (onBoard, target) => {
      const { missing, extra } = occupancyDiff(onBoard, target);
      // A known piece where the position has another (a capturer on the cell it took): it must
      // go, and the position's piece come back, although the cell is occupied either way.
      const wrong: number[] = [];
      for (let c = 0; c < n.cells; c++) {
        const has = onBoard[c] ?? EMPTY;
        if (has !== EMPTY && occupied(target, c) && has !== n.unknownPiece && has !== target[c]) wrong.push(c);
      }
      const steps: Restoration[] = [];
      const unmatched = [...missing, ...wrong];
      for (const from of [...extra, ...wrong]) {
        const code = onBoard[from] ?? EMPTY;
        const i = unmatched.findIndex((c) => (target[c] ?? EMPTY) === code);
        if (i >= 0) {
          const to = unmatched.splice(i, 1)[0]!;
          steps.push({ action: 'move-back', well: n.cellName(to), from: n.cellName(from), ...pieceOf(code) });
        } else steps.push({ action: 'remove', well: n.cellName(from), ...pieceOf(code) });
      }
      for (const c of unmatched) steps.push({ action: 'put-back', well: n.cellName(c), ...pieceOf(target[c] ?? EMPTY) });
      return steps;
    },
  };
}

/** A restore step in words; `noun`: what the game's pieces are called (sphere, piece). */
export function describeRestoration(r: Restoration, noun: string): string {
  const what = r.sphere ? `the '${r.sphere}' ${noun}` : `the ${noun}`;
  switch (r.action) {
    case 'put-back':
      return `put ${what} back on ${r.well}`;
    case 'remove':
      return `take ${what} off ${r.well}`;
    case 'move-back':
      return `move ${what} from ${r.from} back to ${r.well}`;
  }
}
