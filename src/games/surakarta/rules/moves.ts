/**
 * Legal moves (RULES.md, Surakarta): a step to an empty neighbour point in any of the 8
 * directions, or a capture along a circuit: over empty points only, round at least one
 * corner loop, onto the first occupied point met, which must hold an enemy piece.
 *
 * The generator works on the flattened tracks of circuits.ts: from each slot of a piece it
 * walks both ways round its track. The mover's own point counts as empty once left (its
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

/**
 * The enemy point the walk from `slot` meets first, going round its track one way
 * (`next`, with `loopTo` marking the steps round a loop), or -1 when the walk meets no
 * enemy after a loop. `own` is the mover's point, empty once it has left.
 */
function captureTarget(board: Int8Array, own: number, enemy: number, slot: number, next: Int8Array, loopTo: Uint8Array): number {
  let s = slot;
  let loops = 0;
  // After TRACK_LENGTH steps the walk is back on its start slot, and would only repeat.
  for (let k = 0; k < TRACK_LENGTH; k++) {
    loops |= loopTo[s]!;
    s = next[s]!;
    const q = SLOT_POINT[s]!;
    if (q === own) continue;
    const cell = board[q]!;
    if (cell === EMPTY) continue;
    return loops !== 0 && cell === enemy ? q : -1;
  }
  return -1;
}

/**
 * Allocation-free generator shared by the public API and perft: writes the moves of `turn`
 * encoded as above into `out` (at least MAX_MOVES long) and returns how many. Each (from, to)
 * pair appears once.
 */
export function generateMoves(board: Int8Array, turn: Side, out: Int32Array): number {
  const mine = cellOf(turn);
  const enemy = mine === LIGHT ? DARK : LIGHT;
  let n = 0;
  for (let from = 0; from < POINTS; from++) {
    if (board[from] !== mine) continue;
    const ns = NEIGHBOURS[from]!;
    for (let i = 0; i < ns.length; i++) {
      const to = ns[i]!;
      if (board[to] === EMPTY) out[n++] = from | (to << 6);
    }
    const slots = SLOTS_OF[from]!;
    const first = n;
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i]!;
      for (let dir = 0; dir < 2; dir++) {
        const to =
          dir === 0
            ? captureTarget(board, from, enemy, slot, NEXT_SLOT, LOOP_TO_NEXT)
            : captureTarget(board, from, enemy, slot, PREV_SLOT, LOOP_TO_PREV);
        if (to < 0) continue;
        const code = from | (to << 6) | CAPTURE_BIT;
        let seen = false;
        for (let j = first; j < n; j++) if (out[j] === code) seen = true;
        if (!seen) out[n++] = code;
      }
    }
  }
  return n;
}

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
