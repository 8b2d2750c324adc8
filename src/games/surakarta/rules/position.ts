/** A Surakarta position: pieces on points and the side to move. */
import { DARK, EMPTY, FILES, LIGHT, POINTS, sideOf, type BySide, type Point, type Side } from './types.ts';

export interface Position {
  /** 36 cells, a1 = 0 … f6 = 35; treat as immutable (functions return new positions). */
  readonly board: Int8Array;
  readonly turn: Side;
}

/** Light on ranks 1–2, Dark on ranks 5–6, Light to move. */
export const startPosition = (): Position => {
  const board = new Int8Array(POINTS);
  for (let p = 0; p < 2 * FILES; p++) {
    board[p] = LIGHT;
    board[POINTS - 1 - p] = DARK;
  }
  return { board, turn: 'light' };
};

/** The pieces each side has in play (what a game is scored by). */
export function pieceCounts(board: ArrayLike<number>): BySide<number> {
  const counts = { light: 0, dark: 0 };
  for (let p = 0; p < POINTS; p++) {
    const s = sideOf(board[p] ?? EMPTY);
    if (s) counts[s]++;
  }
  return counts;
}

/** The points holding a side's pieces, a1 first. */
export function piecesOf(board: ArrayLike<number>, side: Side): Point[] {
  const out: Point[] = [];
  for (let p = 0; p < POINTS; p++) if (sideOf(board[p] ?? EMPTY) === side) out.push(p);
  return out;
}

export const samePosition = (a: Position, b: Position): boolean => a.turn === b.turn && a.board.every((c, i) => c === b.board[i]);
