/**
 * Legal moves of Breakthrough: a piece steps one square forward, straight or diagonally, to
 * an empty square; or captures diagonally forward, onto an enemy piece (never straight
 * ahead). A move is its from and to squares; a capture's `to` is the captured piece's square.
 */
import { err, ok, type Result } from '../../../util/result.ts';
import type { Position } from './position.ts';
import {
  EMPTY,
  SQUARES,
  cellOf,
  fileOf,
  forward,
  opposite,
  rankOf,
  sideOf,
  squareAt,
  squareName,
  type Side,
  type Square,
} from './types.ts';

export interface Move {
  readonly from: Square;
  readonly to: Square;
  readonly capture: boolean;
}

/** More than any position can have: 12 pieces × 3 destinations. */
export const MAX_MOVES = 36;

/** A move as one integer: from | to << 6 | capture << 12. */
export const CAPTURE_BIT = 1 << 12;
export const decodeMove = (code: number): Move => ({ from: code & 63, to: (code >> 6) & 63, capture: (code & CAPTURE_BIT) !== 0 });

/**
 * The squares ahead of each square, for each side (left diagonal, straight, right diagonal;
 * -1 off the board), so the generator does no arithmetic per move.
 */
const AHEAD: { readonly [S in Side]: Int8Array } = {
  white: aheadTable('white'),
  black: aheadTable('black'),
};

function aheadTable(side: Side): Int8Array {
  const table = new Int8Array(3 * SQUARES).fill(-1);
  for (let s = 0; s < SQUARES; s++)
    for (let df = -1; df <= 1; df++) table[3 * s + df + 1] = squareAt(fileOf(s) + df, rankOf(s) + forward(side)) ?? -1;
  return table;
}

/**
 * Allocation-free generator shared by the public API and perft: writes the moves of `turn`
 * (encoded as above, a1 first, then left diagonal, straight, right diagonal) into `out` and
 * returns how many.
 */
export function generateMoves(board: Int8Array, turn: Side, out: Int32Array): number {
  const mine = cellOf(turn);
  const enemy = cellOf(opposite(turn));
  const ahead = AHEAD[turn];
  let n = 0;
  for (let from = 0; from < SQUARES; from++) {
    if (board[from] !== mine) continue;
    for (let i = 0; i < 3; i++) {
      const to = ahead[3 * from + i]!;
      if (to < 0) continue;
      const cell = board[to];
      if (cell === EMPTY) out[n++] = from | (to << 6);
      else if (i !== 1 && cell === enemy) out[n++] = from | (to << 6) | CAPTURE_BIT;
    }
  }
  return n;
}

const scratch = new Int32Array(MAX_MOVES);

export function legalMoves(pos: Position): Move[] {
  const n = generateMoves(pos.board, pos.turn, scratch);
  return Array.from(scratch.subarray(0, n), decodeMove);
}

/** Touch move: the legal moves of the piece on one square. */
export const movesFrom = (pos: Position, from: Square): Move[] => legalMoves(pos).filter((m) => m.from === from);

export const ILLEGAL_MOVE_CODES = [
  'NoPiece',
  'NotYourPiece',
  'NotForward',
  'Occupied',
  'StraightCapture',
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
  const from = squareName(move.from);
  const to = squareName(move.to);
  const mover = sideOf(board[move.from] ?? EMPTY);
  if (mover === undefined) return bad('NoPiece', `there is no piece on ${from}`);
  if (mover !== turn) return bad('NotYourPiece', `the piece on ${from} is not ${turn}'s`);
  const df = fileOf(move.to) - fileOf(move.from);
  if (rankOf(move.to) - rankOf(move.from) !== forward(turn) || Math.abs(df) > 1)
    return bad('NotForward', `${from} to ${to} is not one square forward, straight or diagonally`);
  const target = sideOf(board[move.to] ?? EMPTY);
  if (target === turn) return bad('Occupied', `${to} holds ${turn}'s own piece`);
  if (target === undefined) return move.capture ? bad('NothingToCapture', `${to} holds no enemy piece`) : ok(move);
  if (df === 0) return bad('StraightCapture', `${to} holds an enemy piece straight ahead: pieces capture diagonally only`);
  return move.capture ? ok(move) : bad('CaptureNotMarked', `${to} holds an enemy piece: that move is the capture ${from}x${to}`);
}
