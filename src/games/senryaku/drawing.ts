/**
 * Senryaku's board as the dashboard draws it: 7×6 wells in a wooden bed, the two pinnacle
 * lines it balances on (half a gap either side of the centre line), each side's edge named,
 * plain and coloured spheres, and a padlock on each side's locked well (SPN fields 3 and 4).
 */
import type { BoardDrawing, Paint } from '../../rulesets/board-drawing.ts';

const FILES = 7;
const RANKS = 6;
const WIDTH = FILES * 100;
const HEIGHT = RANKS * 100;
const WOOD = '#6b4a22';
const LIGHT: Paint = { fill: '#fafafa', stroke: '#555', strokeWidth: 3 };
const DARK: Paint = { fill: '#222', stroke: '#000', strokeWidth: 3 };
const LOCK = '#374151';

export const SENRYAKU_DRAWING: BoardDrawing = {
  label: 'Senryaku board, 7 by 6 wells',
  files: FILES,
  ranks: RANKS,
  margin: 80,
  underlay: [
    {
      kind: 'rect',
      x: -20,
      y: -20,
      width: WIDTH + 40,
      height: HEIGHT + 40,
      rx: 24,
      class: 'bed',
      paint: { fill: '#c89b62', stroke: WOOD, strokeWidth: 4 },
    },
    // The pinnacle lines the board balances on, half a gap either side of the centre line.
    ...[-25, 25].map((dy) => ({
      kind: 'line' as const,
      x1: -20,
      x2: WIDTH + 20,
      y1: HEIGHT / 2 + dy,
      y2: HEIGHT / 2 + dy,
      class: 'pinnacle',
      paint: { stroke: WOOD, strokeWidth: 3, strokeDasharray: '12 8', opacity: 0.6 },
    })),
    { kind: 'text', x: WIDTH / 2, y: -36, text: 'Black side', class: 'edge-label' },
    { kind: 'text', x: WIDTH / 2, y: HEIGHT + 74, text: 'White side', class: 'edge-label' },
  ],
  cell: { r: 42, paint: { fill: '#8a6233', stroke: '#5a3d1a', strokeWidth: 2 }, pieceR: 33 },
  coordinatesOffset: 40,
  pieces: [
    { letter: 'w', side: 'white', name: 'white sphere', paint: LIGHT },
    { letter: 'W', side: 'white', name: 'coloured white sphere', paint: LIGHT, mark: { fill: '#dc2626', stroke: '#fff', strokeWidth: 3 } },
    { letter: 'b', side: 'black', name: 'black sphere', paint: DARK },
    { letter: 'B', side: 'black', name: 'coloured black sphere', paint: DARK, mark: { fill: '#eab308', stroke: '#000', strokeWidth: 3 } },
  ],
  sides: [
    { id: 'white', name: 'White', colour: '#fafafa' },
    { id: 'black', name: 'Black', colour: '#222' },
  ],
  // A padlock at the top right of each side's locked well.
  fieldMarks: [2, 3].map((field) => ({
    field,
    shapes: [
      { kind: 'rect', x: 18, y: -44, width: 24, height: 20, rx: 4, class: 'lock', paint: { fill: LOCK } },
      {
        kind: 'path',
        from: { x: 23, y: -44 },
        d: 'v -7 a 7 7 0 0 1 14 0 v 7',
        class: 'lock-shackle',
        paint: { fill: 'none', stroke: LOCK, strokeWidth: 4 },
      },
    ],
  })),
  crashLabel: { x: WIDTH / 2, y: HEIGHT / 2 + 20 },
};
