/** Domain vocabulary of Surakarta: sides, pieces, points. */

/** Light (`x`) moves first; Dark (`o`) second (RULES.md, Surakarta). */
export const SIDES = ['light', 'dark'] as const;
export type Side = (typeof SIDES)[number];
export type BySide<T> = { [S in Side]: T };

export const opposite = (s: Side): Side => (s === 'light' ? 'dark' : 'light');

export const FILE_NAMES = ['a', 'b', 'c', 'd', 'e', 'f'] as const;
export const RANK_NAMES = ['1', '2', '3', '4', '5', '6'] as const;
export const FILES = FILE_NAMES.length;
export const RANKS = RANK_NAMES.length;
export const POINTS = FILES * RANKS;

/** A point index 0..35: file + 6 * rank, so a1 = 0, f1 = 5, a6 = 30, f6 = 35 (as Senryaku's wells). */
export type Point = number;

export const PIECES_PER_SIDE = 12;

/** A piece by its notation letter, in SIDES order. */
export const PIECE_CHARS = ['x', 'o'] as const;
export type PieceChar = (typeof PIECE_CHARS)[number];

/** Board cells hold a small integer so that move generation stays allocation-free: 0 empty, 1 light, 2 dark. */
export const EMPTY = 0;
export const LIGHT = 1;
export const DARK = 2;
export type Cell = 0 | 1 | 2;

export const cellOf = (s: Side): Cell => (s === 'light' ? LIGHT : DARK);
export const sideOf = (cell: number): Side | undefined => (cell === LIGHT ? 'light' : cell === DARK ? 'dark' : undefined);
export const cellChar = (cell: number): PieceChar | undefined => PIECE_CHARS[cell - 1];
export const charCell = (ch: string): Cell => (PIECE_CHARS.indexOf(ch as PieceChar) + 1) as Cell;

export const fileOf = (p: Point): number => p % FILES;
export const rankOf = (p: Point): number => Math.floor(p / FILES);
export const pointAt = (file: number, rank: number): Point | undefined =>
  file >= 0 && file < FILES && rank >= 0 && rank < RANKS ? file + FILES * rank : undefined;

export const pointName = (p: Point): string => `${FILE_NAMES[fileOf(p)]}${RANK_NAMES[rankOf(p)]}`;

export function parsePoint(name: string): Point | undefined {
  if (name.length !== 2) return undefined;
  const file = FILE_NAMES.indexOf(name[0] as (typeof FILE_NAMES)[number]);
  const rank = RANK_NAMES.indexOf(name[1] as (typeof RANK_NAMES)[number]);
  return file < 0 || rank < 0 ? undefined : file + FILES * rank;
}
