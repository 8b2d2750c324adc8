/// <reference lib="dom" />
/**
 * The board drawn to scale in SVG from the game's drawing (src/rulesets/board-drawing.ts),
 * which the server sends with the match: the page knows no game. The referee's position is
 * drawn; on the simulated board what the hands have changed is drawn over it (a piece
 * lifted, one set down where the position has none), and a lit well's LED as a ring of its colour.
 */
import { PITCH, cellCentre, type BoardDrawing, type PieceDrawing } from '../../rulesets/board-drawing.ts';
import type { GameWords } from '../../rulesets/words.ts';
import { paintAttrs, shapeElement } from './shapes.ts';
import { s } from './dom.ts';

export interface BoardModel {
  readonly drawing: BoardDrawing;
  readonly words: GameWords;
  /** The referee's position (its board field first). */
  readonly position: string;
  /** The simulator's board field, when playing on the simulated board. */
  readonly physical?: string;
  readonly lastMove?: { readonly from: string; readonly to: string };
  /** Cells the pending foul's restore steps name. */
  readonly restore: readonly string[];
  /** A cell lifted from and not yet placed on (the referee's `lifted`). */
  readonly lifted?: string;
  /** The sim-play source picked for a roll. */
  readonly selected?: string;
  /** The side the board tipped toward, as people read it. */
  readonly crash?: string;
  /** Cells whose load cell has failed: the referee cannot see them (the snapshot's `sensors.blind`). */
  readonly blind?: readonly string[];
  /** The board's well LEDs: each lit well, 0xRRGGBB (the simulated board's own, or what the board acknowledged). */
  readonly lights?: Readonly<Record<string, number>>;
  readonly interactive: boolean;
}

const FILES = 'abcdefghijklmnopqrstuvwxyz';

export const wellName = (file: number, rank: number): string => `${FILES[file]}${rank + 1}`;

/** A board field (ranks from the far one down, '/' between, digits for empty runs) as one letter per point, '' for empty. */
export function boardCells(field: string, files: number, ranks: number): string[] {
  const cells = new Array<string>(files * ranks).fill('');
  const rows = (field.split(' ')[0] ?? '').split('/');
  rows.forEach((row, i) => {
    const rank = ranks - 1 - i;
    let file = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) file += Number(ch);
      else {
        if (file < files && rank >= 0) cells[file + files * rank] = ch;
        file++;
      }
    }
  });
  return cells;
}

export function moveWells(move: string): { from: string; to: string } | undefined {
  const m = /^([a-z]\d+)[-x]([a-z]\d+)/.exec(move);
  return m ? { from: m[1]!, to: m[2]! } : undefined;
}

const pieceOf = (d: BoardDrawing, letter: string): PieceDrawing | undefined => d.pieces.find((p) => p.letter === letter);

/** What a piece letter is, for people. */
export const pieceName = (d: BoardDrawing, letter: string): string => pieceOf(d, letter)?.name ?? `piece ${letter}`;

/** A piece the drawing does not know: a grey disc, so the board still shows that something stands there. */
const UNKNOWN_PIECE = { fill: '#9ca3af', stroke: '#555', strokeWidth: 3 } as const;

function piece(d: BoardDrawing, letter: string, x: number, y: number, offPosition: boolean): SVGElement {
  const kind = pieceOf(d, letter);
  const g = s('g', { class: `piece${offPosition ? ' off-position' : ''}`, 'data-side': kind?.side });
  g.append(s('circle', { cx: x, cy: y, r: d.cell.pieceR, ...paintAttrs(kind?.paint ?? UNKNOWN_PIECE) }));
  if (kind?.mark) g.append(s('circle', { cx: x, cy: y, r: d.cell.pieceR * 0.45, class: 'mark', ...paintAttrs(kind.mark) }));
  return g;
}

function cellGroup(m: BoardModel, name: string, here: string, ghost: boolean): SVGElement {
  const classes = ['cell'];
  if (m.lastMove && (m.lastMove.from === name || m.lastMove.to === name)) classes.push('last');
  const restore = m.restore.includes(name);
  if (restore) classes.push('restore');
  if (m.lifted === name) classes.push('lifted');
  if (m.selected === name) classes.push('selected');
  const blind = m.blind?.includes(name) === true;
  if (blind) classes.push('blind');
  const what = here ? pieceName(m.drawing, here) : ghost ? `empty, its ${m.words.piece} is in hand` : 'empty';
  const led = ledColour(m, name);
  return s('g', {
    class: classes.join(' '),
    'data-well': name,
    'data-piece': here || undefined,
    'data-blind': blind ? 'true' : undefined,
    'data-led': led,
    ...(m.interactive ? { tabindex: 0, role: 'button' } : { role: 'img' }),
    'aria-label': `${name}: ${what}${restore ? ', to restore' : ''}${led ? ', its light on' : ''}${blind ? ', blind (its load cell does not work: the referee cannot see it)' : ''}`,
  });
}

/** A lit well's LED colour as CSS writes it (`#0030ff`), or undefined when it is dark. */
function ledColour(m: BoardModel, name: string): string | undefined {
  const rgb = m.lights?.[name];
  return rgb ? `#${(rgb & 0xffffff).toString(16).padStart(6, '0')}` : undefined;
}

/** A blind cell's mark over it: a dashed ring struck through, drawn over whatever stands there. */
function blindMark(g: SVGElement, x: number, y: number, r: number): void {
  const d = r * 0.7;
  g.append(
    s('circle', { cx: x, cy: y, r, class: 'blind-ring' }),
    s('line', { x1: x - d, y1: y + d, x2: x + d, y2: y - d, class: 'blind-slash' }),
  );
}

/** The cells the position's fields name for a mark (a locked cell, say): cell name → the marks' shapes. */
function fieldMarks(d: BoardDrawing, position: string): Map<string, BoardDrawing['underlay']> {
  const fields = position.split(' ');
  const marks = new Map<string, BoardDrawing['underlay']>();
  for (const mark of d.fieldMarks ?? []) {
    const cell = fields[mark.field];
    if (cell && cell !== '-') marks.set(cell, [...(marks.get(cell) ?? []), ...mark.shapes]);
  }
  return marks;
}

export function drawBoard(m: BoardModel): SVGElement {
  const d = m.drawing;
  const width = d.files * PITCH;
  const height = d.ranks * PITCH;
  const svg = s('svg', {
    viewBox: `${-d.margin} ${-d.margin} ${width + 2 * d.margin} ${height + 2 * d.margin}`,
    class: `board${d.backdrop ? ' backdrop' : ''}${m.crash ? ' crashed' : ''}`,
    role: 'group',
    'aria-label': d.label,
    id: 'board-svg',
  });
  // The drawing's own colour behind it (CSSOM, which the page's Content-Security-Policy allows, unlike a style attribute).
  if (d.backdrop) svg.style.background = d.backdrop;
  for (const shape of d.underlay) svg.append(shapeElement(shape));
  const cells = boardCells(m.position, d.files, d.ranks);
  const physical = m.physical ? boardCells(m.physical, d.files, d.ranks) : undefined;
  const marks = fieldMarks(d, m.position);
  for (let r = 0; r < d.ranks; r++)
    for (let f = 0; f < d.files; f++) {
      const i = f + d.files * r;
      const name = wellName(f, r);
      const here = physical ? physical[i]! : cells[i]!;
      const g = cellGroup(m, name, here, physical !== undefined && cells[i] !== '' && here === '');
      const { x, y } = cellCentre(d.ranks, f, r);
      // The well's LED: a ring of its colour round the cell, as the light shows round a well.
      const led = ledColour(m, name);
      if (led) g.append(s('circle', { cx: x, cy: y, r: d.cell.r + 7, class: 'led', color: led }));
      g.append(s('circle', { cx: x, cy: y, r: d.cell.r, class: 'outline', ...paintAttrs(d.cell.paint) }));
      if (here) g.append(piece(d, here, x, y, physical !== undefined && cells[i] !== here));
      else if (physical && cells[i]) g.append(s('circle', { cx: x, cy: y, r: d.cell.pieceR, class: 'ghost' }));
      if (m.blind?.includes(name)) blindMark(g, x, y, d.cell.r + 4);
      for (const shape of marks.get(name) ?? []) g.append(shapeElement(shape, x, y));
      svg.append(g);
    }
  const offset = d.coordinatesOffset;
  for (let f = 0; f < d.files; f++)
    svg.append(s('text', { x: cellCentre(d.ranks, f, 0).x, y: height + offset, class: 'coord' }, FILES.charAt(f)));
  for (let r = 0; r < d.ranks; r++)
    svg.append(s('text', { x: -offset, y: cellCentre(d.ranks, 0, r).y + 8, class: 'coord' }, String(r + 1)));
  if (m.crash && d.crashLabel)
    svg.append(s('text', { x: d.crashLabel.x, y: d.crashLabel.y, class: 'crash-label' }, `CRASH toward ${m.crash}`));
  return svg;
}
