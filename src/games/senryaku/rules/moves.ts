/**
 * Legal moves: a sphere moves one well forward, left, right or diagonally forward, to an
 * empty well, or onto the enemy coloured sphere's well to capture it. A side's locked plain
 * sphere may not move (nor capture). Crashing moves are legal: they lose.
 */
import { err, ok, type Result } from '../../../util/result.ts';
import type { Position } from './position.ts';
import {
  BLACK_COLOURED,
  BLACK_PLAIN,
  COLORS,
  DIRECTIONS,
  EMPTY,
  WELLS,
  WHITE_COLOURED,
  WHITE_PLAIN,
  cellColor,
  colouredOf,
  fileOf,
  rankOf,
  wellAt,
  wellName,
  type ByColor,
  type Color,
  type Direction,
  type Well,
  opposite,
} from './types.ts';

export interface Move {
  readonly from: Well;
  readonly to: Well;
  readonly capture: boolean;
}

/** File and rank steps of each direction for a side; left and right are as seen from that side's seat. */
export function directionDelta(color: Color, dir: Direction): readonly [number, number] {
  const fwd = color === 'white' ? 1 : -1;
  // White sits at rank 1 with file a on the left; Black faces White, so its left is toward g.
  const left = color === 'white' ? -1 : 1;
  switch (dir) {
    case 'forward':
      return [0, fwd];
    case 'left':
      return [left, 0];
    case 'right':
      return [-left, 0];
    case 'forward-left':
      return [left, fwd];
    case 'forward-right':
      return [-left, fwd];
  }
}

/** For each side and well, the wells a sphere there may move to (in DIRECTIONS order). */
export const TARGETS: ByColor<readonly Int8Array[]> = Object.fromEntries(
  COLORS.map((c) => [
    c,
    Array.from({ length: WELLS }, (_, w) =>
      Int8Array.from(
        DIRECTIONS.map((d) => {
          const [df, dr] = directionDelta(c, d);
          return wellAt(fileOf(w) + df, rankOf(w) + dr) ?? -1;
        }).filter((t) => t >= 0),
      ),
    ),
  ]),
) as unknown as ByColor<readonly Int8Array[]>;

/** The direction from one well to another for a side, if it is one of the five. */
export function directionOf(color: Color, from: Well, to: Well): Direction | undefined {
  const df = fileOf(to) - fileOf(from);
  const dr = rankOf(to) - rankOf(from);
  return DIRECTIONS.find((d) => {
    const [f, r] = directionDelta(color, d);
    return f === df && r === dr;
  });
}

/**
 * TARGETS flattened for the generators (perft, the engine): for side s (0 White, 1 Black) and
 * well w, TARGET_COUNT[s * WELLS + w] targets start at TARGET_WELLS[(s * WELLS + w) * 5]. One
 * typed array read instead of an object, an array and a typed array: the generator's inner loop.
 */
export const TARGET_WELLS = new Int8Array(2 * WELLS * 5);
export const TARGET_COUNT = new Int8Array(2 * WELLS);
COLORS.forEach((c, s) =>
  TARGETS[c].forEach((ts, w) => {
    TARGET_COUNT[s * WELLS + w] = ts.length;
    TARGET_WELLS.set(ts, (s * WELLS + w) * 5);
  }),
);

/**
 * Allocation-free generator shared by the public API, perft and the engine: writes the moves
 * of `side` (0 White, 1 Black) encoded as `from | to << 6` into `out` and returns how many.
 * Captures are those whose target is occupied.
 */
// The generator reads these as this module's own constants: a binding imported from another
// module costs a load and a check each time optimised code reads it.
const NONE = EMPTY;
const WELL_COUNT = WELLS;
const W_PLAIN = WHITE_PLAIN;
const B_PLAIN = BLACK_PLAIN;
const W_COLOURED = WHITE_COLOURED;
const B_COLOURED = BLACK_COLOURED;
// Exported bindings live in cells that optimised code reads and checks; these are plain constants.
const WELL_TARGETS = TARGET_WELLS;
const WELL_TARGET_COUNT = TARGET_COUNT;

export function generateSideMoves(board: Int8Array, side: number, locked: number, out: Int32Array): number {
  // The tables and constants are read once into locals: optimised code checks a module
  // binding (is it initialised yet?) at each read, and the loops below read them per step.
  const targetWells = WELL_TARGETS;
  const targetCount = WELL_TARGET_COUNT;
  const wells = WELL_COUNT;
  const none = NONE;
  const enemyColoured = side === 0 ? B_COLOURED : W_COLOURED;
  const lo = side === 0 ? W_PLAIN : B_PLAIN;
  const base = side * wells;
  let n = 0;
  for (let from = 0; from < wells; from++) {
    const cell = board[from]!;
    if ((cell !== lo && cell !== lo + 1) || from === locked) continue;
    const first = (base + from) * 5;
    const last = first + targetCount[base + from]!;
    for (let i = first; i < last; i++) {
      const to = targetWells[i]!;
      const target = board[to]!;
      if (target === none || target === enemyColoured) out[n++] = from | (to << 6);
    }
  }
  return n;
}

/** generateSideMoves for a side named by its colour. */
export const generateMoves = (board: Int8Array, turn: Color, locked: number, out: Int32Array): number =>
  generateSideMoves(board, turn === 'white' ? 0 : 1, locked, out);

export const decodeMove = (board: ArrayLike<number>, code: number): Move => {
  const from = code & 63;
  const to = code >> 6;
  return { from, to, capture: (board[to] ?? EMPTY) !== EMPTY };
};

const scratch = new Int32Array(WELLS * 5);

export function legalMoves(pos: Position): Move[] {
  const n = generateMoves(pos.board, pos.turn, pos.locked[pos.turn] ?? -1, scratch);
  return Array.from(scratch.subarray(0, n), (code) => decodeMove(pos.board, code));
}

/** Touch move: the wells of the side to move whose sphere has at least one legal move. */
export function movableSpheres(pos: Position): Well[] {
  return [...new Set(legalMoves(pos).map((m) => m.from))];
}

/** The legal moves of the sphere in one well (empty if it is not the mover's, is locked, or is stuck). */
export const movesFrom = (pos: Position, from: Well): Move[] => legalMoves(pos).filter((m) => m.from === from);

export const ILLEGAL_MOVE_CODES = [
  'NoSphere',
  'NotYourSphere',
  'Locked',
  'NotADirection',
  'Occupied',
  'CaptureNotMarked',
  'NothingToCapture',
] as const;
export type IllegalMoveCode = (typeof ILLEGAL_MOVE_CODES)[number];
export interface IllegalMove {
  readonly code: IllegalMoveCode;
  readonly message: string;
}

/** Checks a move against the position; the error says which rule it breaks. */
export function checkMove(pos: Position, move: Move): Result<Move, IllegalMove> {
  const bad = (code: IllegalMoveCode, message: string) => err({ code, message });
  const { board, turn } = pos;
  const from = wellName(move.from);
  const to = wellName(move.to);
  const cell = board[move.from] ?? EMPTY;
  if (cell === EMPTY) return bad('NoSphere', `there is no sphere on ${from}`);
  if (cellColor(cell) !== turn) return bad('NotYourSphere', `the sphere on ${from} is not ${turn}'s`);
  if (pos.locked[turn] === move.from) return bad('Locked', `the sphere on ${from} moved last turn; move another sphere first`);
  if (directionOf(turn, move.from, move.to) === undefined)
    return bad('NotADirection', `${from} to ${to} is not one well forward, left, right or diagonally forward`);
  const target = board[move.to] ?? EMPTY;
  const isCapture = target === colouredOf(opposite(turn));
  if (target !== EMPTY && !isCapture) return bad('Occupied', `${to} is occupied`);
  if (isCapture && !move.capture)
    return bad('CaptureNotMarked', `${to} holds the enemy coloured sphere: that move is the capture ${from}x${to}`);
  if (!isCapture && move.capture) return bad('NothingToCapture', `${to} does not hold the enemy coloured sphere`);
  return ok(move);
}
