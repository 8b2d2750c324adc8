/**
 * How a game's board is drawn, as plain data: what the web dashboard's page needs to draw any
 * board without knowing the game (it comes with the match in the page's first state message). The
 * game's descriptor supplies it (`Ruleset.drawing`); the page only follows it.
 *
 * Coordinates are SVG user units, one pitch (the distance between neighbouring cells) being
 * 100. The grid's cells are named by file letter and rank number (a1 first); the cell of file
 * f and rank r, counted from 0, is centred at (50 + 100 f, 50 + 100 (ranks − 1 − r)), so a1 is
 * at the near left and the far rank at the top. A position's first field is read as every
 * notation of these games writes it: ranks from the far one down, '/' between them, one
 * letter per piece, digits for runs of empty cells.
 */
import type { GameWords } from './words.ts';

/** Paint as SVG presentation attributes: the page's stylesheet still wins for its states (last move, foul, focus). */
export interface Paint {
  readonly fill?: string;
  readonly stroke?: string;
  readonly strokeWidth?: number;
  readonly strokeDasharray?: string;
  readonly opacity?: number;
}

/**
 * One thing drawn. `class` names it for the page's stylesheet where the page restyles it
 * (`bed`: the board's body, recoloured when the board crashes; `edge-label`: the words at
 * a board's edge) and for people reading the page's markup.
 */
export type Shape = (
  | { readonly kind: 'rect'; readonly x: number; readonly y: number; readonly width: number; readonly height: number; readonly rx?: number }
  | { readonly kind: 'line'; readonly x1: number; readonly y1: number; readonly x2: number; readonly y2: number }
  | { readonly kind: 'circle'; readonly cx: number; readonly cy: number; readonly r: number }
  /** A path from `from` on: `d` goes on from there (relative commands follow a shape drawn at a cell). */
  | { readonly kind: 'path'; readonly from: { readonly x: number; readonly y: number }; readonly d: string }
  | { readonly kind: 'text'; readonly x: number; readonly y: number; readonly text: string }
) & { readonly class?: string; readonly paint?: Paint };

/** What stands on the board: a piece by its letter in the game's notation. */
export interface PieceDrawing {
  readonly letter: string;
  /** The side it belongs to (a side's id, as the verdicts name sides). */
  readonly side: string;
  /** What people call it: 'coloured white sphere', 'Light piece'. */
  readonly name: string;
  /** The disc: its fill and outline. */
  readonly paint: Paint;
  /** A smaller disc at its centre marking a special piece (Senryaku's coloured spheres). */
  readonly mark?: Paint;
}

export interface SideDrawing {
  /** As the verdicts and the snapshot name it: 'white', 'light'. */
  readonly id: string;
  /** For people: 'White', 'Light'. */
  readonly name: string;
  /** The colour of its swatch beside the player's name. */
  readonly colour: string;
}

/** A cell named by a field of the position (Senryaku's locked wells, SPN fields 3 and 4) gets these shapes, placed relative to its centre. */
export interface FieldMark {
  /** The field's index in the position text (split at spaces, from 0); '-' or no field: no cell marked. */
  readonly field: number;
  readonly shapes: readonly Shape[];
}

export interface BoardDrawing {
  /** What a screen reader hears for the board: 'Senryaku board, 7 by 6 wells'. */
  readonly label: string;
  readonly files: number;
  readonly ranks: number;
  /** Room around the grid, units: the drawing's box runs from −margin to the grid's size + margin. */
  readonly margin: number;
  /** Behind the whole drawing (a CSS colour); absent: the page's own background. */
  readonly backdrop?: string;
  /** Drawn first, under the cells: the board's body, grid lines, circuits and their loops, edge labels. */
  readonly underlay: readonly Shape[];
  /** Each cell: its outline's radius and paint, and the radius of a piece on it. */
  readonly cell: { readonly r: number; readonly paint: Paint; readonly pieceR: number };
  /** How far beyond the grid the file letters (below) and rank numbers (left) stand. */
  readonly coordinatesOffset: number;
  readonly pieces: readonly PieceDrawing[];
  /** In playing order: the side that moves first first. */
  readonly sides: readonly SideDrawing[];
  readonly fieldMarks?: readonly FieldMark[];
  /** Where 'CRASH toward …' is written when the board tips; absent on a board that cannot tip. */
  readonly crashLabel?: { readonly x: number; readonly y: number };
}

/** One pitch, in the drawing's units. */
export const PITCH = 100;

/** The centre of the cell of file `file` and rank `rank` (from 0) on a grid of `ranks` ranks. */
export const cellCentre = (ranks: number, file: number, rank: number): { x: number; y: number } => ({
  x: PITCH / 2 + file * PITCH,
  y: PITCH / 2 + (ranks - 1 - rank) * PITCH,
});

/**
 * A drawing for a game that brings none of its own: its grid of points joined by plain
 * lines, every piece a grey disc named by its letter, the sides named as the verdicts name them.
 */
export function plainDrawing(name: string, grid: { readonly files: number; readonly ranks: number }, words: GameWords): BoardDrawing {
  const { files, ranks } = grid;
  const paint = { stroke: '#bbb', strokeWidth: 2 };
  const lines: Shape[] = [
    ...Array.from({ length: files }, (_, f): Shape => {
      const x = cellCentre(ranks, f, 0).x;
      return { kind: 'line', x1: x, x2: x, y1: cellCentre(ranks, 0, 0).y, y2: cellCentre(ranks, 0, ranks - 1).y, class: 'grid', paint };
    }),
    ...Array.from({ length: ranks }, (_, r): Shape => {
      const y = cellCentre(ranks, 0, r).y;
      return { kind: 'line', x1: cellCentre(ranks, 0, r).x, x2: cellCentre(ranks, files - 1, r).x, y1: y, y2: y, class: 'grid', paint };
    }),
  ];
  return {
    label: `${name} board, ${files} by ${ranks} ${words.cells}`,
    files,
    ranks,
    margin: 80,
    underlay: lines,
    cell: { r: 40, paint: { fill: 'transparent', stroke: 'none' }, pieceR: 32 },
    coordinatesOffset: 40,
    pieces: [],
    sides: [],
  };
}
