/** Domain vocabulary of Breakthrough on a 6×6 board: sides, pieces, squares. */

/** White (`w`) starts on ranks 1–2 and moves first; Black (`b`) starts on ranks 5–6. */
export const SIDES = ['white', 'black'] as const;
export type Side = (typeof SIDES)[number];
export type BySide<T> = { [S in Side]: T };

export const opposite = (s: Side): Side => (s === 'white' ? 'black' : 'white');

export const FILE_NAMES = ['a', 'b', 'c', 'd', 'e', 'f'] as const;
export const RANK_NAMES = ['1', '2', '3', '4', '5', '6'] as const;
export const FILES = FILE_NAMES.length;
export const RANKS = RANK_NAMES.length;
export const SQUARES = FILES * RANKS;

/** A square index 0..35: file + 6 * rank, so a1 = 0, f1 = 5, a6 = 30, f6 = 35. */
export type Square = number;

export const PIECES_PER_SIDE = 2 * FILES;

/** A piece by its notation letter, in SIDES order. */
export const PIECE_CHARS = ['w', 'b'] as const;
export type PieceChar = (typeof PIECE_CHARS)[number];

/** Cells hold a small integer so that move generation allocates nothing: 0 empty, 1 white, 2 black. */
export const EMPTY = 0;
export const WHITE = 1;
export const BLACK = 2;

export const cellOf = (s: Side): number => (s === 'white' ? WHITE : BLACK);
export const sideOf = (cell: number): Side | undefined => (cell === WHITE ? 'white' : cell === BLACK ? 'black' : undefined);
export const cellChar = (cell: number): PieceChar | undefined => PIECE_CHARS[cell - 1];

export const fileOf = (s: Square): number => s % FILES;
export const rankOf = (s: Square): number => Math.floor(s / FILES);
export const squareAt = (file: number, rank: number): Square | undefined =>
  file >= 0 && file < FILES && rank >= 0 && rank < RANKS ? file + FILES * rank : undefined;

/** Which way a side's pieces go: White up the ranks, Black down. */
export const forward = (s: Side): 1 | -1 => (s === 'white' ? 1 : -1);
/** The rank a side must reach to win: the far side's home rank. */
export const goalRank = (s: Side): number => (s === 'white' ? RANKS - 1 : 0);

export const squareName = (s: Square): string => `${FILE_NAMES[fileOf(s)]}${RANK_NAMES[rankOf(s)]}`;

export function parseSquare(name: string): Square | undefined {
  if (name.length !== 2) return undefined;
  const file = FILE_NAMES.indexOf(name[0] as (typeof FILE_NAMES)[number]);
  const rank = RANK_NAMES.indexOf(name[1] as (typeof RANK_NAMES)[number]);
  return file < 0 || rank < 0 ? undefined : file + FILES * rank;
}
