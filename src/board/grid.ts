/**
 * A rectangular grid of points (wells, intersections) as a board's hardware sees it: files
 * a, b, c… left to right, ranks 1, 2, 3… from the near edge. A point is a plain index,
 * file + files × rank, so a1 = 0 on every board; a game may call the points wells or cells.
 */

export interface Grid {
  readonly files: number;
  readonly ranks: number;
}

/** File letters stop at z; a board wider than that is not a board game. */
export const MAX_FILES = 26;
export const MAX_RANKS = 99;

const FILE_LETTERS = 'abcdefghijklmnopqrstuvwxyz';

export const pointCount = (g: Grid): number => g.files * g.ranks;
export const fileOf = (g: Grid, point: number): number => point % g.files;
export const rankOf = (g: Grid, point: number): number => Math.floor(point / g.files);

export const pointAt = (g: Grid, file: number, rank: number): number | undefined =>
  file >= 0 && file < g.files && rank >= 0 && rank < g.ranks ? file + g.files * rank : undefined;

export const isGrid = (g: Grid): boolean =>
  Number.isInteger(g.files) && Number.isInteger(g.ranks) && g.files >= 1 && g.ranks >= 1 && g.files <= MAX_FILES && g.ranks <= MAX_RANKS;

/** `a1`-style name of a point of the grid. */
export const pointName = (g: Grid, point: number): string => `${FILE_LETTERS[fileOf(g, point)] ?? '?'}${rankOf(g, point) + 1}`;

/** The point named `a1`…, or undefined when the name is not on this grid. */
export function parsePointName(g: Grid, name: string): number | undefined {
  const m = /^([a-z])([1-9][0-9]?)$/.exec(name);
  if (!m) return undefined;
  return pointAt(g, FILE_LETTERS.indexOf(m[1] ?? ''), Number(m[2]) - 1);
}

/** Two distinct points touching by a side or a corner (a sphere can roll between them). */
export const areNeighbours = (g: Grid, a: number, b: number): boolean =>
  a !== b && Math.abs(fileOf(g, a) - fileOf(g, b)) <= 1 && Math.abs(rankOf(g, a) - rankOf(g, b)) <= 1;
