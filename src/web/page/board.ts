/// <reference lib="dom" />
/**
 * The board drawn to scale in SVG, for both games: Senryaku's 7×6 wells with their spheres
 * (coloured spheres marked, locked wells, the pinnacle lines the board balances on) and
 * Surakarta's 6×6 points with its two circuits and their corner loops. One pitch is 100
 * units. The referee's position is drawn; on the simulated board what the hands have
 * changed is drawn over it (a sphere lifted, one set down where the position has none).
 */
import { s } from './dom.ts';

export interface BoardModel {
  readonly ruleset: string;
  readonly files: number;
  readonly ranks: number;
  /** The referee's position (its board field first). */
  readonly position: string;
  /** The simulator's board field, when playing on the simulated board. */
  readonly physical?: string;
  readonly lastMove?: { readonly from: string; readonly to: string };
  /** Wells the pending foul's restore steps name. */
  readonly restore: readonly string[];
  /** A well lifted and not yet placed (the referee's `lifted`). */
  readonly lifted?: string;
  /** The sim-play source picked for a roll. */
  readonly selected?: string;
  readonly crash?: string;
  /** Points whose load cell has failed: the referee cannot see them (the snapshot's `sensors.blind`). */
  readonly blind?: readonly string[];
  readonly interactive: boolean;
}

const P = 100;
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

/** Senryaku's locked wells (SPN fields 3 and 4), by side. */
export function senryakuLocks(spn: string): { white?: string; black?: string } {
  const f = spn.split(' ');
  return { ...(f[2] && f[2] !== '-' ? { white: f[2] } : {}), ...(f[3] && f[3] !== '-' ? { black: f[3] } : {}) };
}

export function moveWells(move: string): { from: string; to: string } | undefined {
  const m = /^([a-z]\d+)[-x]([a-z]\d+)/.exec(move);
  return m ? { from: m[1]!, to: m[2]! } : undefined;
}

/** What a piece letter is, for people. */
export function pieceName(ruleset: string, ch: string): string {
  if (ruleset === 'surakarta') return ch === 'x' ? 'Light piece' : ch === 'o' ? 'Dark piece' : `piece ${ch}`;
  const side = ch.toLowerCase() === 'w' ? 'white' : 'black';
  return ch === ch.toUpperCase() ? `coloured ${side} sphere` : `${side} sphere`;
}

export function drawBoard(m: BoardModel): SVGElement {
  return m.ruleset === 'surakarta' ? drawSurakarta(m) : drawSenryaku(m);
}

const cx = (file: number): number => P / 2 + file * P;
const cy = (m: BoardModel, rank: number): number => P / 2 + (m.ranks - 1 - rank) * P;

function frame(m: BoardModel, margin: number, label: string): SVGElement {
  const w = m.files * P + 2 * margin;
  const hgt = m.ranks * P + 2 * margin;
  return s('svg', {
    viewBox: `${-margin} ${-margin} ${w} ${hgt}`,
    class: `board board-${m.ruleset}${m.crash ? ' crashed' : ''}`,
    role: 'group',
    'aria-label': label,
    id: 'board-svg',
  });
}

function coordinates(svg: SVGElement, m: BoardModel, offset: number): void {
  for (let f = 0; f < m.files; f++) svg.append(s('text', { x: cx(f), y: m.ranks * P + offset, class: 'coord' }, FILES.charAt(f)));
  for (let r = 0; r < m.ranks; r++) svg.append(s('text', { x: -offset, y: cy(m, r) + 8, class: 'coord' }, String(r + 1)));
}

function cellGroup(m: BoardModel, file: number, rank: number, piece: string, ghost: boolean): SVGElement {
  const name = wellName(file, rank);
  const classes = ['cell'];
  if (m.lastMove && (m.lastMove.from === name || m.lastMove.to === name)) classes.push('last');
  if (m.restore.includes(name)) classes.push('restore');
  if (m.lifted === name) classes.push('lifted');
  if (m.selected === name) classes.push('selected');
  const blind = m.blind?.includes(name) === true;
  if (blind) classes.push('blind');
  const what = piece ? pieceName(m.ruleset, piece) : ghost ? 'empty, its sphere is in hand' : 'empty';
  return s('g', {
    class: classes.join(' '),
    'data-well': name,
    'data-piece': piece || undefined,
    'data-blind': blind ? 'true' : undefined,
    ...(m.interactive ? { tabindex: 0, role: 'button' } : { role: 'img' }),
    'aria-label': `${name}: ${what}${m.restore.includes(name) ? ', to restore' : ''}${blind ? ', blind (its load cell does not work: the referee cannot see it)' : ''}`,
  });
}

/** A blind point's mark over it: a dashed ring struck through, drawn over whatever stands there. */
function blindMark(g: SVGElement, x: number, y: number, r: number): void {
  const d = r * 0.7;
  g.append(
    s('circle', { cx: x, cy: y, r, class: 'blind-ring' }),
    s('line', { x1: x - d, y1: y + d, x2: x + d, y2: y - d, class: 'blind-slash' }),
  );
}

function sphere(ruleset: string, ch: string, x: number, y: number, r: number, extra = ''): SVGElement {
  const dark = ruleset === 'surakarta' ? ch === 'o' : ch.toLowerCase() === 'b';
  const coloured = ruleset !== 'surakarta' && ch === ch.toUpperCase();
  const g = s('g', { class: `piece ${dark ? 'dark' : 'light'}${coloured ? ' coloured' : ''}${extra}` });
  g.append(s('circle', { cx: x, cy: y, r }));
  if (coloured) g.append(s('circle', { cx: x, cy: y, r: r * 0.45, class: 'mark' }));
  return g;
}

function drawSenryaku(m: BoardModel): SVGElement {
  const svg = frame(m, 80, 'Senryaku board, 7 by 6 wells');
  svg.append(s('rect', { x: -20, y: -20, width: m.files * P + 40, height: m.ranks * P + 40, rx: 24, class: 'board-bed' }));
  // The pinnacle lines the board balances on, half a gap either side of the centre line.
  const mid = (m.ranks * P) / 2;
  for (const dy of [-25, 25]) svg.append(s('line', { x1: -20, x2: m.files * P + 20, y1: mid + dy, y2: mid + dy, class: 'pinnacle' }));
  svg.append(s('text', { x: (m.files * P) / 2, y: -36, class: 'edge-label' }, 'Black side'));
  svg.append(s('text', { x: (m.files * P) / 2, y: m.ranks * P + 74, class: 'edge-label' }, 'White side'));
  const cells = boardCells(m.position, m.files, m.ranks);
  const physical = m.physical ? boardCells(m.physical, m.files, m.ranks) : undefined;
  const locks = senryakuLocks(m.position);
  for (let r = 0; r < m.ranks; r++)
    for (let f = 0; f < m.files; f++) {
      const i = f + m.files * r;
      const name = wellName(f, r);
      const here = physical ? physical[i]! : cells[i]!;
      const g = cellGroup(m, f, r, here, physical !== undefined && cells[i] !== '' && here === '');
      const x = cx(f);
      const y = cy(m, r);
      g.append(s('circle', { cx: x, cy: y, r: 42, class: 'well' }));
      if (here) g.append(sphere(m.ruleset, here, x, y, 33, physical && cells[i] !== here ? ' off-position' : ''));
      else if (physical && cells[i]) g.append(s('circle', { cx: x, cy: y, r: 33, class: 'ghost' }));
      if (m.blind?.includes(name)) blindMark(g, x, y, 46);
      if (locks.white === name || locks.black === name) {
        g.append(s('rect', { x: x + 18, y: y - 44, width: 24, height: 20, rx: 4, class: 'lock' }));
        g.append(s('path', { d: `M ${x + 23} ${y - 44} v -7 a 7 7 0 0 1 14 0 v 7`, class: 'lock-shackle' }));
      }
      svg.append(g);
    }
  coordinates(svg, m, 40);
  if (m.crash) svg.append(s('text', { x: (m.files * P) / 2, y: mid + 20, class: 'crash-label' }, `CRASH toward ${m.crash}`));
  return svg;
}

function drawSurakarta(m: BoardModel): SVGElement {
  const margin = 230;
  const svg = frame(m, margin, 'Surakarta board, 6 by 6 points');
  const last = m.files - 1;
  const x = (f: number): number => cx(f);
  const y = (r: number): number => cy(m, r);
  // Plain grid lines, then the two circuits drawn over them with their corner loops.
  for (let i = 0; i <= last; i++) {
    svg.append(s('line', { x1: x(i), x2: x(i), y1: y(0), y2: y(last), class: 'grid' }));
    svg.append(s('line', { x1: x(0), x2: x(last), y1: y(i), y2: y(i), class: 'grid' }));
  }
  const circuits: [string, number][] = [
    ['small-loop', 1],
    ['large-loop', 2],
  ];
  for (const [name, k] of circuits) {
    const cls = `circuit ${name}`;
    for (const i of [k, last - k]) {
      svg.append(s('line', { x1: x(i), x2: x(i), y1: y(0), y2: y(last), class: cls }));
      svg.append(s('line', { x1: x(0), x2: x(last), y1: y(i), y2: y(i), class: cls }));
    }
    const r = k * P;
    for (const [cf, cr] of [
      [0, 0],
      [last, 0],
      [0, last],
      [last, last],
    ] as const) {
      const X = x(cf);
      const Y = y(cr);
      const dx = cf === 0 ? 1 : -1;
      const dy = cr === 0 ? -1 : 1;
      const sweep = dx * dy < 0 ? 1 : 0;
      svg.append(s('path', { d: `M ${X + dx * r} ${Y} A ${r} ${r} 0 1 ${sweep} ${X} ${Y + dy * r}`, class: `${cls} loop` }));
    }
  }
  const cells = boardCells(m.position, m.files, m.ranks);
  const physical = m.physical ? boardCells(m.physical, m.files, m.ranks) : undefined;
  for (let r = 0; r < m.ranks; r++)
    for (let f = 0; f < m.files; f++) {
      const i = f + m.files * r;
      const here = physical ? physical[i]! : cells[i]!;
      const g = cellGroup(m, f, r, here, physical !== undefined && cells[i] !== '' && here === '');
      g.append(s('circle', { cx: x(f), cy: y(r), r: 40, class: 'point' }));
      if (here) g.append(sphere(m.ruleset, here, x(f), y(r), 32, physical && cells[i] !== here ? ' off-position' : ''));
      else if (physical && cells[i]) g.append(s('circle', { cx: x(f), cy: y(r), r: 32, class: 'ghost' }));
      if (m.blind?.includes(wellName(f, r))) blindMark(g, x(f), y(r), 44);
      svg.append(g);
    }
  coordinates(svg, m, 70);
  return svg;
}
