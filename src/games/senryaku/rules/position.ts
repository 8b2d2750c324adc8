/** A Senryaku position: spheres in wells, the side to move, and each side's locked well. */
import {
  BLACK_COLOURED,
  BLACK_PLAIN,
  EMPTY,
  FILES,
  RANKS,
  WELLS,
  WHITE_COLOURED,
  WHITE_PLAIN,
  cellColor,
  plainOf,
  type ByColor,
  type Color,
  type Well,
} from './types.ts';

export interface Position {
  /** 42 cells, a1 = 0 … g6 = 41; treat as immutable (functions return new positions). */
  readonly board: Int8Array;
  readonly turn: Color;
  /** The well of the plain sphere each side moved on its last turn, if it may not move now. */
  readonly locked: ByColor<Well | undefined>;
}

export const startPosition = (): Position => {
  const board = new Int8Array(WELLS);
  for (let f = 0; f < FILES; f++) {
    board[f] = f === 3 ? WHITE_COLOURED : WHITE_PLAIN;
    board[f + FILES * (RANKS - 1)] = f === 3 ? BLACK_COLOURED : BLACK_PLAIN;
  }
  return { board, turn: 'white', locked: { white: undefined, black: undefined } };
};

export const MAX_PLAIN_PER_SIDE = 6;

/** The wells holding each side's spheres. */
export function spheresOf(board: ArrayLike<number>, color: Color): Well[] {
  const out: Well[] = [];
  for (let w = 0; w < WELLS; w++) if (cellColor(board[w] ?? EMPTY) === color) out.push(w);
  return out;
}

export function colouredWell(board: ArrayLike<number>, color: Color): Well | undefined {
  const target = color === 'white' ? WHITE_COLOURED : BLACK_COLOURED;
  for (let w = 0; w < WELLS; w++) if (board[w] === target) return w;
  return undefined;
}

export const isLockable = (board: ArrayLike<number>, color: Color, w: Well): boolean => board[w] === plainOf(color);

export const samePosition = (a: Position, b: Position): boolean =>
  a.turn === b.turn && a.locked.white === b.locked.white && a.locked.black === b.locked.black && a.board.every((c, i) => c === b.board[i]);
