/**
 * Breakthrough's board as the dashboard draws it: 6×6 squares, chequered, in a dark frame,
 * each side's home edge named, White's and Black's pieces as plain discs.
 * A `BoardDrawing` (src/rulesets/board-drawing.ts): the dashboard draws any board from its
 * game's drawing. Units as that type says: one pitch is 100, a1 at the near left.
 */
import type { BoardDrawing } from '../../rulesets/board-drawing.ts';
import { FILES, RANKS } from './rules/types.ts';

const PITCH = 100;
const WIDTH = FILES * PITCH;
const HEIGHT = RANKS * PITCH;
const LIGHT_SQUARE = '#f0d9b5';
const DARK_SQUARE = '#b58863';
const FRAME = '#4b3621';

/** The square of file `file` and rank `rank` (from 0): a1, the near left, is dark. */
const square = (file: number, rank: number) => ({
  kind: 'rect' as const,
  x: file * PITCH,
  y: (RANKS - 1 - rank) * PITCH,
  width: PITCH,
  height: PITCH,
  class: 'square',
  paint: { fill: (file + rank) % 2 === 0 ? DARK_SQUARE : LIGHT_SQUARE },
});

export const BREAKTHROUGH_DRAWING: BoardDrawing = {
  label: `Breakthrough board, ${FILES} by ${RANKS} squares`,
  files: FILES,
  ranks: RANKS,
  margin: 80,
  underlay: [
    {
      kind: 'rect' as const,
      x: -14,
      y: -14,
      width: WIDTH + 28,
      height: HEIGHT + 28,
      rx: 8,
      class: 'bed',
      paint: { fill: FRAME, stroke: '#2e2114', strokeWidth: 4 },
    },
    ...Array.from({ length: FILES * RANKS }, (_, s) => square(s % FILES, Math.floor(s / FILES))),
    { kind: 'text' as const, x: WIDTH / 2, y: -30, text: 'Black side', class: 'edge-label' },
    { kind: 'text' as const, x: WIDTH / 2, y: HEIGHT + 74, text: 'White side', class: 'edge-label' },
  ],
  // The squares are the underlay's: a cell draws no outline of its own.
  cell: { r: 45, paint: { fill: 'transparent', stroke: 'none' }, pieceR: 34 },
  coordinatesOffset: 40,
  pieces: [
    { letter: 'w', side: 'white', name: 'White piece', paint: { fill: '#fafafa', stroke: '#555', strokeWidth: 3 } },
    { letter: 'b', side: 'black', name: 'Black piece', paint: { fill: '#222', stroke: '#000', strokeWidth: 3 } },
  ],
  sides: [
    { id: 'white', name: 'White', colour: '#fafafa' },
    { id: 'black', name: 'Black', colour: '#222' },
  ],
};
