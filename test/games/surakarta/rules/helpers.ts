/**
 * Test helpers: positions from text, a seeded PRNG, random positions, the square's
 * symmetries, and a plain path-walking move generator that knows nothing of the fast
 * one's tracks, to check it against.
 */
import {
  DARK,
  EMPTY,
  FILES,
  LIGHT,
  POINTS,
  RANKS,
  cellOf,
  formatMove,
  opposite,
  parsePoint,
  parsePosition,
  pointAt,
  positionAfter,
  type Move,
  type Point,
  type Position,
} from '../../../../src/games/surakarta/rules/index.ts';

export function pos(text: string): Position {
  const r = parsePosition(text);
  if (!r.ok) throw new Error(`test position invalid: ${r.error.message}`);
  return r.value;
}

/** mulberry32: a small seeded PRNG, so every run sees the same "random" positions. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 0-12 pieces a side on random points, either side to move; sparse boards come up often, so captures do. */
export function randomPosition(rand: () => number): Position {
  const points = Array.from({ length: POINTS }, (_, i) => i);
  for (let i = points.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [points[i], points[j]] = [points[j]!, points[i]!];
  }
  const light = Math.floor(rand() * 13);
  const dark = Math.floor(rand() * 13);
  const board = new Int8Array(POINTS);
  points.slice(0, light).forEach((p) => (board[p] = LIGHT));
  points.slice(light, light + dark).forEach((p) => (board[p] = DARK));
  return { board, turn: rand() < 0.5 ? 'light' : 'dark' };
}

export const randomPositions = (seed: number, n: number): Position[] => {
  const rand = prng(seed);
  return Array.from({ length: n }, () => randomPosition(rand));
};

const N = FILES - 1;
/** The 8 symmetries of the square, as maps of (file, rank). */
export const SYMMETRIES: readonly ((f: number, r: number) => [number, number])[] = [
  (f, r) => [f, r],
  (f, r) => [N - f, r],
  (f, r) => [f, N - r],
  (f, r) => [N - f, N - r],
  (f, r) => [r, f],
  (f, r) => [N - r, f],
  (f, r) => [r, N - f],
  (f, r) => [N - r, N - f],
];

export const mapPoint = (sym: (f: number, r: number) => [number, number], p: Point): Point => {
  const [f, r] = sym(p % FILES, Math.floor(p / FILES));
  return pointAt(f, r)!;
};

export function transform(p: Position, sym: (f: number, r: number) => [number, number]): Position {
  const board = new Int8Array(POINTS);
  p.board.forEach((c, q) => (board[mapPoint(sym, q)] = c));
  return { board, turn: p.turn };
}

/** The same game from the other seat: ranks 1↔6, Light↔Dark, and the other side to move. */
export function swapSides(p: Position): Position {
  const board = new Int8Array(POINTS);
  p.board.forEach((c, q) => {
    if (c !== EMPTY) board[mapPoint((f, r) => [f, RANKS - 1 - r], q)] = c === LIGHT ? DARK : LIGHT;
  });
  return { board, turn: opposite(p.turn) };
}

/**
 * The plain generator: steps in the 8 directions, and for captures a walker that moves a
 * piece point by point along a file or rank of a circuit. On leaving the board it goes round
 * the corner loop: out across one edge at distance d (1 small loop, 2 large) from the
 * nearest corner, in across the corner's other edge at distance d, heading into the board.
 * Lines at distance 0 (files a, f, ranks 1, 6) have no loop. A walk ends at the first
 * occupied point other than the mover's own, or when it is back where it set off, heading
 * the same way.
 */
export function referenceMoves(p: Position): Move[] {
  const own = cellOf(p.turn);
  const at = (x: number, y: number) => p.board[x + FILES * y]!;
  const found = new Map<string, Move>();
  const add = (m: Move) => found.set(formatMove(m), m);
  for (let x = 0; x < FILES; x++)
    for (let y = 0; y < RANKS; y++) {
      if (at(x, y) !== own) continue;
      const from = x + FILES * y;
      for (let dx = -1; dx <= 1; dx++)
        for (let dy = -1; dy <= 1; dy++) {
          const nx = x + dx;
          const ny = y + dy;
          if ((dx || dy) && nx >= 0 && nx < FILES && ny >= 0 && ny < RANKS && at(nx, ny) === EMPTY)
            add({ from, to: nx + FILES * ny, capture: false });
        }
      const headings: [number, number][] = [];
      if (y >= 1 && y <= RANKS - 2) headings.push([1, 0], [-1, 0]);
      if (x >= 1 && x <= FILES - 2) headings.push([0, 1], [0, -1]);
      for (const [hx, hy] of headings) {
        const to = walk(x, y, hx, hy, (q) => (q === from ? EMPTY : at(q % FILES, Math.floor(q / FILES))), own);
        if (to !== undefined) add({ from, to, capture: true });
      }
    }
  return [...found.values()];
}

function walk(x0: number, y0: number, dx0: number, dy0: number, cellAt: (q: Point) => number, own: number): Point | undefined {
  let [x, y, dx, dy] = [x0, y0, dx0, dy0];
  let loops = 0;
  for (;;) {
    let nx = x + dx;
    let ny = y + dy;
    if (nx < 0 || nx >= FILES) {
      const cy = y < RANKS / 2 ? 0 : RANKS - 1;
      const d = Math.abs(y - cy);
      if (d === 0) return undefined;
      [nx, ny] = [nx < 0 ? d : N - d, cy];
      [dx, dy] = [0, cy === 0 ? 1 : -1];
      loops++;
    } else if (ny < 0 || ny >= RANKS) {
      const cx = x < FILES / 2 ? 0 : FILES - 1;
      const d = Math.abs(x - cx);
      if (d === 0) return undefined;
      [nx, ny] = [cx, ny < 0 ? d : N - d];
      [dx, dy] = [cx === 0 ? 1 : -1, 0];
      loops++;
    }
    [x, y] = [nx, ny];
    if (x === x0 && y === y0 && dx === dx0 && dy === dy0) return undefined;
    const cell = cellAt(x + FILES * y);
    if (cell === EMPTY) continue;
    return cell !== own && loops > 0 ? x + FILES * y : undefined;
  }
}

/** Perft the slow, obvious way on the reference generator. */
export function referencePerft(p: Position, depth: number): number {
  if (depth === 0) return 1;
  const moves = referenceMoves(p);
  if (depth === 1) return moves.length;
  return moves.reduce((total, m) => total + referencePerft(positionAfter(p, m), depth - 1), 0);
}

export const moveKeys = (moves: readonly Move[]): string[] => moves.map(formatMove).sort();

/** A position from lists of point names, e.g. setup(['a2', 'c2'], ['b3']). */
export function setup(light: readonly string[], dark: readonly string[], turn: 'light' | 'dark' = 'light'): Position {
  const board = new Int8Array(POINTS);
  const point = (name: string): Point => {
    const p = parsePoint(name);
    if (p === undefined) throw new Error(`test point invalid: ${name}`);
    return p;
  };
  for (const n of light) board[point(n)] = LIGHT;
  for (const n of dark) board[point(n)] = DARK;
  return { board, turn };
}
