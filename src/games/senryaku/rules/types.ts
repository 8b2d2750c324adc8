/** Domain vocabulary of Senryaku: sides, pieces, wells. */

export const COLORS = ['white', 'black'] as const;
export type Color = (typeof COLORS)[number];
export type ByColor<T> = { [C in Color]: T };

export const opposite = (c: Color): Color => (c === 'white' ? 'black' : 'white');

export const FILE_NAMES = ['a', 'b', 'c', 'd', 'e', 'f', 'g'] as const;
export const RANK_NAMES = ['1', '2', '3', '4', '5', '6'] as const;
export const FILES = FILE_NAMES.length;
export const RANKS = RANK_NAMES.length;
export const WELLS = FILES * RANKS;

/** A well index 0..41: file + 7 * rank, so a1 = 0, g1 = 6, a6 = 35, g6 = 41. */
export type Well = number;

/** The four kinds of sphere, by their SPN letter: plain and coloured per side. */
export const PIECE_CHARS = ['w', 'W', 'b', 'B'] as const;
export type PieceChar = (typeof PIECE_CHARS)[number];
export type ByPiece<T> = { [P in PieceChar]: T };

/**
 * Board cells hold a small integer so that move generation stays allocation-free.
 * 0 is empty; the others follow PIECE_CHARS (1 = w, 2 = W, 3 = b, 4 = B).
 */
export const EMPTY = 0;
export const WHITE_PLAIN = 1;
export const WHITE_COLOURED = 2;
export const BLACK_PLAIN = 3;
export const BLACK_COLOURED = 4;
export type Cell = 0 | 1 | 2 | 3 | 4;

export const cellChar = (cell: number): PieceChar | undefined => PIECE_CHARS[cell - 1];
export const charCell = (ch: string): Cell => (PIECE_CHARS.indexOf(ch as PieceChar) + 1) as Cell;
export const cellColor = (cell: number): Color | undefined => (cell === EMPTY ? undefined : cell <= WHITE_COLOURED ? 'white' : 'black');
export const isColoured = (cell: number): boolean => cell === WHITE_COLOURED || cell === BLACK_COLOURED;
export const plainOf = (c: Color): Cell => (c === 'white' ? WHITE_PLAIN : BLACK_PLAIN);
export const colouredOf = (c: Color): Cell => (c === 'white' ? WHITE_COLOURED : BLACK_COLOURED);

export const fileOf = (w: Well): number => w % FILES;
export const rankOf = (w: Well): number => Math.floor(w / FILES);
export const wellAt = (file: number, rank: number): Well | undefined =>
  file >= 0 && file < FILES && rank >= 0 && rank < RANKS ? file + FILES * rank : undefined;

export const wellName = (w: Well): string => `${FILE_NAMES[fileOf(w)]}${RANK_NAMES[rankOf(w)]}`;

export function parseWell(name: string): Well | undefined {
  if (name.length !== 2) return undefined;
  const file = FILE_NAMES.indexOf(name[0] as (typeof FILE_NAMES)[number]);
  const rank = RANK_NAMES.indexOf(name[1] as (typeof RANK_NAMES)[number]);
  return file < 0 || rank < 0 ? undefined : file + FILES * rank;
}

/** The five directions a sphere may move, as seen from its own side. */
export const DIRECTIONS = ['forward', 'left', 'right', 'forward-left', 'forward-right'] as const;
export type Direction = (typeof DIRECTIONS)[number];
