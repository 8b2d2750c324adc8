/**
 * Legal moves (RULES.md, Surakarta): a step to an empty neighbour point in any of the 8
 * directions, or a capture along a circuit: over empty points only, round at least one
 * corner loop, onto the first occupied point met, which must hold an enemy piece.
 *
 * The generator works on the flattened tracks of circuits.ts: from each slot of a piece it
 * walks both ways round its track (each walk's points written out once, in WALK). The mover's own point counts as empty once left (its
 * other slot, at a crossing, or itself after a full lap), so a walk ends at the first other
 * occupied point, or after one lap when there is none. Paths from one piece that reach the
 * same enemy are one move (a move is its from and to points).
 */
import { err, ok, type Result } from '../../../util/result.ts';
import { LOOP_TO_NEXT, LOOP_TO_PREV, NEXT_SLOT, PREV_SLOT, SLOTS_OF, SLOT_POINT, TRACK_LENGTH } from './circuits.ts';
import type { Position } from './position.ts';
import {
  DARK,
  EMPTY,
  LIGHT,
  POINTS,
  cellOf,
  fileOf,
  opposite,
  pointAt,
  pointName,
  rankOf,
  sideOf,
  type Point,
  type Side,
} from './types.ts';

export interface Move {
  readonly from: Point;
  readonly to: Point;
  readonly capture: boolean;
}

/** The neighbour points of each point, in all 8 directions. */
export const NEIGHBOURS: readonly Int8Array[] = Array.from({ length: POINTS }, (_, p) => {
  const out: number[] = [];
  for (let dr = -1; dr <= 1; dr++)
    for (let df = -1; df <= 1; df++) {
      const t = df === 0 && dr === 0 ? undefined : pointAt(fileOf(p) + df, rankOf(p) + dr);
      if (t !== undefined) out.push(t);
    }
  return Int8Array.from(out);
});

/** More than any position can have: 12 pieces × (8 steps + 4 capture paths). */
export const MAX_MOVES = 144;

/** A move as one integer: from | to << 6 | capture << 12. */
export const CAPTURE_BIT = 1 << 12;
export const encodeMove = (m: Move): number => m.from | (m.to << 6) | (m.capture ? CAPTURE_BIT : 0);
export const decodeMove = (code: number): Move => ({ from: code & 63, to: (code >> 6) & 63, capture: (code & CAPTURE_BIT) !== 0 });

/** NEIGHBOURS flattened for the generator: point p's at NEIGHBOUR[8p ..], NEIGHBOUR_COUNT[p] of them. */
const NEIGHBOUR = new Int8Array(8 * POINTS);
const NEIGHBOUR_COUNT = Int8Array.from(NEIGHBOURS, (ns) => ns.length);
NEIGHBOURS.forEach((ns, p) => NEIGHBOUR.set(ns, 8 * p));
/** SLOTS_OF flattened: point p's slots at SLOT_OF[2p ..], SLOT_COUNT[p] of them (2 at a crossing). */
const SLOT_OF = new Int8Array(2 * POINTS);
const SLOT_COUNT = Int8Array.from(SLOTS_OF, (slots) => slots.length);
SLOTS_OF.forEach((slots, p) => SLOT_OF.set(slots, 2 * p));

// The hot loops below read these as this module's own constants: a binding imported from
// another module costs a load and a check each time it is read in optimised code.
const STEPS = TRACK_LENGTH;
const NONE = EMPTY;
const MINE_LIGHT = LIGHT;
const MINE_DARK = DARK;
const POINT_COUNT = POINTS;
const CAPTURE_FLAG = CAPTURE_BIT;

/** A WALK entry's flag: a corner loop lies behind this point on the walk. */
const LOOPED = 64;
/**
 * Every walk round a track written out once: the walk from slot `s` one way (`dir` 0 along
 * NEXT_SLOT, 1 along PREV_SLOT) visits the points WALK[(2s + dir) * TRACK_LENGTH + k], k = 0..,
 * each with LOOPED set once the walk has gone round a loop to get there. A walk then reads one
 * table entry a step instead of following the slots' links.
 */
const WALK = new Int8Array(SLOT_POINT.length * 2 * TRACK_LENGTH);
for (let start = 0; start < SLOT_POINT.length; start++)
  for (let dir = 0; dir < 2; dir++) {
    const next = dir === 0 ? NEXT_SLOT : PREV_SLOT;
    const loopTo = dir === 0 ? LOOP_TO_NEXT : LOOP_TO_PREV;
    let s = start;
    let loops = 0;
    for (let k = 0; k < TRACK_LENGTH; k++) {
      loops |= loopTo[s]!;
      s = next[s]!;
      WALK[(2 * start + dir) * TRACK_LENGTH + k] = SLOT_POINT[s]! | (loops !== 0 ? LOOPED : 0);
    }
  }

/**
 * The enemy point the walk starting at walks[walk] meets first, or -1 when the walk meets no
 * enemy after a loop. `own` is the mover's point, empty once it has left. After TRACK_LENGTH
 * steps the walk is back on its start slot, and would only repeat. The caller hands in WALK
 * and its constants as locals (see generateCellMoves).
 */
function captureTarget(board: Int8Array, own: number, enemy: number, walk: number, walks: Int8Array, steps: number, none: number): number {
  const end = walk + steps;
  for (let k = walk; k < end; k++) {
    const step = walks[k]!;
    const q = step & ~LOOPED;
    if (q === own) continue;
    const cell = board[q]!;
    if (cell === none) continue;
    return step >= LOOPED && cell === enemy ? q : -1;
  }
  return -1;
}

/**
 * Allocation-free generator shared by the public API, perft and the engine: writes the moves
 * of the side whose pieces are `mine` (LIGHT or DARK) encoded as above into `out` (at least
 * MAX_MOVES long) and returns how many. Each (from, to) pair appears once.
 */
export function generateCellMoves(board: Int8Array, mine: number, out: Int32Array): number {
  // The tables and constants are read once into locals: optimised code checks a module
  // binding (is it initialised yet?) at each read, and these loops read them per step.
  const neighbour = NEIGHBOUR;
  const neighbourCount = NEIGHBOUR_COUNT;
  const slotOf = SLOT_OF;
  const slotCount = SLOT_COUNT;
  const walks = WALK;
  const steps = STEPS;
  const points = POINT_COUNT;
  const none = NONE;
  const captureBit = CAPTURE_FLAG;
  const enemy = mine === MINE_LIGHT ? MINE_DARK : MINE_LIGHT;
  let n = 0;
  for (let from = 0; from < points; from++) {
    if (board[from] !== mine) continue;
    const firstNeighbour = 8 * from;
    const lastNeighbour = firstNeighbour + neighbourCount[from]!;
    for (let i = firstNeighbour; i < lastNeighbour; i++) {
      const to = neighbour[i]!;
      if (board[to] === none) out[n++] = from | (to << 6);
    }
    const first = n;
    const firstSlot = 2 * from;
    const lastSlot = firstSlot + slotCount[from]!;
    for (let i = firstSlot; i < lastSlot; i++) {
      const start = 2 * slotOf[i]! * steps;
      for (let walk = start; walk < start + 2 * steps; walk += steps) {
        const to = captureTarget(board, from, enemy, walk, walks, steps, none);
        if (to < 0) continue;
        const code = from | (to << 6) | captureBit;
        let seen = false;
        for (let j = first; j < n; j++) if (out[j] === code) seen = true;
        if (!seen) out[n++] = code;
      }
    }
  }
  return n;
}

/** generateCellMoves for a side named by its colour. */
export const generateMoves = (board: Int8Array, turn: Side, out: Int32Array): number => generateCellMoves(board, cellOf(turn), out);

const scratch = new Int32Array(MAX_MOVES);

/** The legal moves of the side to move (steps and captures of each piece, a1 first). */
export function legalMoves(pos: Position): Move[] {
  const n = generateMoves(pos.board, pos.turn, scratch);
  return Array.from(scratch.subarray(0, n), decodeMove);
}

/** Touch move: the legal moves of the piece on one point (empty if it is not the mover's, or is stuck). */
export const movesFrom = (pos: Position, from: Point): Move[] => legalMoves(pos).filter((m) => m.from === from);

export const ILLEGAL_MOVE_CODES = [
  'NoPiece',
  'NotYourPiece',
  'NotAStep',
  'Occupied',
  'CaptureNotMarked',
  'NothingToCapture',
  'NoCapturePath',
] as const;
export type IllegalMoveCode = (typeof ILLEGAL_MOVE_CODES)[number];
export interface IllegalMove {
  readonly code: IllegalMoveCode;
  readonly message: string;
}

const isNeighbour = (a: Point, b: Point): boolean =>
  a !== b && Math.abs(fileOf(a) - fileOf(b)) <= 1 && Math.abs(rankOf(a) - rankOf(b)) <= 1;

/** Checks a move against the position; the error says which rule it breaks. */
export function checkMove(pos: Position, move: Move): Result<Move, IllegalMove> {
  const bad = (code: IllegalMoveCode, message: string) => err({ code, message });
  const { board, turn } = pos;
  const from = pointName(move.from);
  const to = pointName(move.to);
  const mover = sideOf(board[move.from] ?? EMPTY);
  if (mover === undefined) return bad('NoPiece', `there is no piece on ${from}`);
  if (mover !== turn) return bad('NotYourPiece', `the piece on ${from} is not ${turn}'s`);
  const target = sideOf(board[move.to] ?? EMPTY);
  const capturable = legalMoves(pos).some((m) => m.capture && m.from === move.from && m.to === move.to);
  if (!move.capture) {
    if (capturable) return bad('CaptureNotMarked', `${to} holds an enemy piece ${from} can reach: that move is the capture ${from}x${to}`);
    if (!isNeighbour(move.from, move.to)) return bad('NotAStep', `${from} to ${to} is not one point in any direction`);
    if (target !== undefined) return bad('Occupied', `${to} is occupied`);
    return ok(move);
  }
  if (target !== opposite(turn)) return bad('NothingToCapture', `${to} holds no enemy piece`);
  if (!capturable) return bad('NoCapturePath', `no circuit path leads from ${from} to ${to} over empty points and round a loop`);
  return ok(move);
}
