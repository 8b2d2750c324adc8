/**
 * Breakthrough's static evaluation, in centi-pieces from one side's view: a piece is 100.
 * The game is a race to the far rank fought with captures, so besides material it weighs:
 *
 * - advancement: 0, 2, 6, 14, 30 for a piece 0 to 4 ranks from home (4 is one step from the
 *   goal); small next to material, since an unsupported piece that runs ahead is lost;
 * - the home rank: +16 a piece still on it, the last line that stops an enemy breakthrough
 *   (in 100 games each at depth 3 from random openings, +16 beat +8 in 66, and +8 beat 0 in 61);
 * - safety: a piece an enemy can take with no own piece to take back (−16), one that can be
 *   taken but retaken (−4), a piece covered from behind and not attacked (+4: chains hold);
 * - runners: a piece two or three ranks from the goal with no enemy in the cone ahead of it
 *   (the squares an enemy would need to block or take it from, which widen a file a rank)
 *   gets +30 or +100: no enemy can catch it, so it is a goal in two or three moves.
 * - one step from the goal, the position is decided now: the side to move with a piece there
 *   wins next move (+900); the other side with one there wins unless the side to move takes
 *   it (−900 before that capture: quiescence tries the capture, and a quiet move would lose).
 *
 * Precomputed tables per side and square keep it to one pass over the board, nothing allocated.
 */
import { EMPTY, FILES, RANKS, SQUARES, fileOf, rankOf, squareAt } from '../rules/types.ts';

const PIECE = 100;
const ADVANCE = [0, 2, 6, 14, 30] as const;
const HOME = 16;
const HANGING = 16;
const HANGING_DEFENDED = 4;
const DEFENDED = 4;
/** By ranks advanced: a runner three (2 advanced) or two (3) ranks from the goal; one rank from it is DECIDED. */
const RUNNER = [0, 0, 30, 100, 0] as const;
/** Far above any sum of the other terms, far below a search's scores for a game won. */
const DECIDED = 900;
/** The side to move has the next move: a small edge that keeps odd and even depths' scores closer. */
const TEMPO = 5;

/** Forward for the side of cell 1 (White, up the ranks) and cell 2 (Black, down). */
const FORWARD = [0, 1, -1] as const;

const table = (f: (cell: 1 | 2, s: number) => number): Int8Array[] => [
  new Int8Array(0),
  Int8Array.from({ length: SQUARES }, (_, s) => f(1, s)),
  Int8Array.from({ length: SQUARES }, (_, s) => f(2, s)),
];
const squares = (f: (cell: 1 | 2, s: number) => (number | undefined)[]): Int8Array[][] => [
  [],
  Array.from({ length: SQUARES }, (_, s) => Int8Array.from(f(1, s).filter((q): q is number => q !== undefined))),
  Array.from({ length: SQUARES }, (_, s) => Int8Array.from(f(2, s).filter((q): q is number => q !== undefined))),
];

/** Ranks a piece of this cell on this square has come from its home rank: 0..5. */
const ADVANCED = table((cell, s) => (cell === 1 ? rankOf(s) : RANKS - 1 - rankOf(s)));
/** Where an enemy piece stands that can take a piece of this cell on this square (diagonally ahead of it). */
const ATTACKERS = squares((cell, s) => [-1, 1].map((df) => squareAt(fileOf(s) + df, rankOf(s) + FORWARD[cell])));
/** Where an own piece stands that would take back on this square (diagonally behind it). */
const DEFENDERS = squares((cell, s) => [-1, 1].map((df) => squareAt(fileOf(s) + df, rankOf(s) - FORWARD[cell])));
/** The squares ahead of a piece within one file per rank: an enemy outside them can neither block nor take it in time. */
const CONE = squares((cell, s) => {
  const out: (number | undefined)[] = [];
  for (let d = 1; d < RANKS; d++)
    for (let df = -d; df <= d; df++)
      if (fileOf(s) + df >= 0 && fileOf(s) + df < FILES) out.push(squareAt(fileOf(s) + df, rankOf(s) + d * FORWARD[cell]));
  return out;
});

const score = new Int32Array(3);
const pieces = new Int32Array(3);
const oneStep = new Int32Array(3);

const any = (board: Int8Array, where: Int8Array, cell: number): boolean => {
  for (let i = 0; i < where.length; i++) if (board[where[i]!] === cell) return true;
  return false;
};

/** The evaluation of `board` for the side whose pieces are `mine` (1 White, 2 Black), that side to move. */
export function evaluate(board: Int8Array, mine: number): number {
  score.fill(0);
  pieces.fill(0);
  oneStep.fill(0);
  for (let s = 0; s < SQUARES; s++) {
    const own = board[s]!;
    if (own === EMPTY) continue;
    const enemy = 3 - own;
    pieces[own]!++;
    const advanced = ADVANCED[own]![s]!;
    let value = ADVANCE[advanced] ?? 0;
    if (advanced === 0) value += HOME;
    if (advanced === RANKS - 2) oneStep[own]!++;
    const attacked = any(board, ATTACKERS[own]![s]!, enemy);
    const defended = any(board, DEFENDERS[own]![s]!, own);
    value += attacked ? (defended ? -HANGING_DEFENDED : -HANGING) : defended ? DEFENDED : 0;
    if (RUNNER[advanced]! > 0 && !any(board, CONE[own]![s]!, enemy)) value += RUNNER[advanced]!;
    score[own]! += value;
  }
  const theirs = 3 - mine;
  const base = PIECE * (pieces[mine]! - pieces[theirs]!) + score[mine]! - score[theirs]! + TEMPO;
  if (oneStep[mine]! > 0) return base + DECIDED;
  if (oneStep[theirs]! > 0) return base - DECIDED;
  return base;
}
