/**
 * Surakarta's board as the dashboard draws it: 6×6 points on a plain grid, with its two
 * circuits over it (the small one on the second lines in from each edge, the large one on the
 * third) and each circuit's loops round the four corners, where a capture turns.
 */
import { cellCentre, type BoardDrawing, type Shape } from '../../rulesets/board-drawing.ts';

const SIZE = 6;
const LAST = SIZE - 1;
const at = (file: number, rank: number) => cellCentre(SIZE, file, rank);

/** A line across the board along file `i` and one along rank `i`. */
function crossing(i: number, cls: string, paint: Shape['paint']): Shape[] {
  return [
    { kind: 'line', x1: at(i, 0).x, x2: at(i, 0).x, y1: at(0, 0).y, y2: at(0, LAST).y, class: cls, ...(paint ? { paint } : {}) },
    { kind: 'line', x1: at(0, 0).x, x2: at(LAST, 0).x, y1: at(0, i).y, y2: at(0, i).y, class: cls, ...(paint ? { paint } : {}) },
  ];
}

/** A circuit `k` lines in from the edges: its lines, then its three-quarter loops round each corner (radius k pitches). */
function circuit(name: string, k: number, colour: string): Shape[] {
  const cls = `circuit ${name}`;
  const paint = { fill: 'none', stroke: colour, strokeWidth: 6 };
  const lines = [k, LAST - k].flatMap((i) => crossing(i, cls, paint));
  const r = k * 100;
  const corners = [
    [0, 0],
    [LAST, 0],
    [0, LAST],
    [LAST, LAST],
  ] as const;
  const loops = corners.map(([file, rank]): Shape => {
    const { x, y } = at(file, rank);
    const dx = file === 0 ? 1 : -1;
    const dy = rank === 0 ? -1 : 1;
    const sweep = dx * dy < 0 ? 1 : 0;
    return { kind: 'path', from: { x: x + dx * r, y }, d: `A ${r} ${r} 0 1 ${sweep} ${x} ${y + dy * r}`, class: `${cls} loop`, paint };
  });
  return [...lines, ...loops];
}

const grid: Shape[] = Array.from({ length: SIZE }, (_, i) => crossing(i, 'grid', { stroke: '#bbb', strokeWidth: 2 })).flat();

export const SURAKARTA_DRAWING: BoardDrawing = {
  label: 'Surakarta board, 6 by 6 points',
  files: SIZE,
  ranks: SIZE,
  margin: 230,
  backdrop: '#efe6d2',
  // Plain grid lines, then the two circuits drawn over them with their corner loops.
  underlay: [...grid, ...circuit('small-loop', 1, '#2563eb'), ...circuit('large-loop', 2, '#16a34a')],
  cell: { r: 40, paint: { fill: 'transparent', stroke: 'none' }, pieceR: 32 },
  coordinatesOffset: 70,
  pieces: [
    { letter: 'x', side: 'light', name: 'Light piece', paint: { fill: '#fafafa', stroke: '#555', strokeWidth: 3 } },
    { letter: 'o', side: 'dark', name: 'Dark piece', paint: { fill: '#222', stroke: '#000', strokeWidth: 3 } },
  ],
  sides: [
    { id: 'light', name: 'Light', colour: '#fafafa' },
    { id: 'dark', name: 'Dark', colour: '#222' },
  ],
};
