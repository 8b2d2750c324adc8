/**
 * The end of a game: a side wins by bringing a piece to the far rank (a breakthrough) or by
 * capturing every enemy piece. There are no draws and no passes: a side with pieces always
 * has a move, since its most advanced piece has a diagonal square ahead on the board, which
 * is empty (a step), an enemy's (a capture) or its own (then that piece is more advanced).
 */
import type { Move } from './moves.ts';
import { pieceCounts, type Position } from './position.ts';
import { EMPTY, SQUARES, goalRank, opposite, rankOf, sideOf, type Side } from './types.ts';

export const END_REASONS = ['breakthrough', 'all-captured'] as const;
export type EndReason = (typeof END_REASONS)[number];

export type GameStatus =
  { readonly kind: 'playing'; readonly turn: Side } | { readonly kind: 'over'; readonly winner: Side; readonly reason: EndReason };

/** A side with a piece on its goal rank has broken through. */
function brokeThrough(board: Int8Array): Side | undefined {
  for (let s = 0; s < SQUARES; s++) {
    const side = sideOf(board[s] ?? EMPTY);
    if (side && rankOf(s) === goalRank(side)) return side;
  }
  return undefined;
}

export function gameStatus(pos: Position): GameStatus {
  const through = brokeThrough(pos.board);
  if (through) return { kind: 'over', winner: through, reason: 'breakthrough' };
  const pieces = pieceCounts(pos.board);
  if (pieces[pos.turn] === 0) return { kind: 'over', winner: opposite(pos.turn), reason: 'all-captured' };
  return { kind: 'playing', turn: pos.turn };
}

/** The position after a (legal) move: the piece moved, a captured piece removed, the turn passed. */
export function positionAfter(pos: Position, move: Move): Position {
  const board = pos.board.slice();
  board[move.to] = board[move.from] ?? EMPTY;
  board[move.from] = EMPTY;
  return { board, turn: opposite(pos.turn) };
}

/** What a move leads to, in words (for a `moves` listing). */
export function describeMove(pos: Position, move: Move): string {
  const after = gameStatus(positionAfter(pos, move));
  if (after.kind === 'over') return `${after.winner} wins (${after.reason})`;
  return move.capture ? 'capture' : 'none';
}
