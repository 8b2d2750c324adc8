/** Playing a move or a pass: the position after it, and what the move led to. */
import { err, ok, type Result } from '../../../util/result.ts';
import { checkMove, legalMoves, type IllegalMove, type Move } from './moves.ts';
import { pieceCounts, type Position } from './position.ts';
import { EMPTY, opposite, type Point, type Side } from './types.ts';

export const OUTCOME_KINDS = ['none', 'capture', 'win'] as const;
export type OutcomeKind = (typeof OUTCOME_KINDS)[number];

export type MoveOutcome =
  | { readonly kind: 'none' }
  /** An enemy piece was taken; `left` is how many the enemy still has in play. */
  | { readonly kind: 'capture'; readonly captured: Point; readonly left: number }
  /** The enemy's last piece was taken: the mover wins the game. */
  | { readonly kind: 'win'; readonly captured: Point; readonly winner: Side };

/** What a (legal) move leads to; does not check legality. */
export function moveOutcome(pos: Position, move: Move): MoveOutcome {
  if (!move.capture) return { kind: 'none' };
  const left = pieceCounts(pos.board)[opposite(pos.turn)] - 1;
  return left > 0 ? { kind: 'capture', captured: move.to, left } : { kind: 'win', captured: move.to, winner: pos.turn };
}

/** An outcome in words, for a `moves` listing. */
export const describeOutcome = (o: MoveOutcome, pos: Position): string =>
  o.kind === 'none'
    ? 'none'
    : o.kind === 'capture'
      ? `capture: ${opposite(pos.turn)} has ${o.left} left`
      : `capture of the last piece: ${o.winner} wins`;

/** The position after a move: the piece moved (the enemy on `to` removed by a capture), the turn passed. */
export function positionAfter(pos: Position, move: Move): Position {
  const board = pos.board.slice();
  board[move.to] = board[move.from] ?? EMPTY;
  board[move.from] = EMPTY;
  return { board, turn: opposite(pos.turn) };
}

export interface PlayedMove {
  readonly position: Position;
  readonly outcome: MoveOutcome;
}

export function playMove(pos: Position, move: Move): Result<PlayedMove, IllegalMove> {
  const checked = checkMove(pos, move);
  if (!checked.ok) return err(checked.error);
  return ok({ position: positionAfter(pos, move), outcome: moveOutcome(pos, move) });
}

export const PASS_ERROR_CODES = ['HasMoves'] as const;
export type PassErrorCode = (typeof PASS_ERROR_CODES)[number];
export interface PassError {
  readonly code: PassErrorCode;
  readonly message: string;
}

/**
 * A side with no legal move passes (RULES.md): the turn goes to the other side, the board
 * unchanged. Only then: a side that has a move must play one (passing is not a choice).
 */
export function playPass(pos: Position): Result<Position, PassError> {
  const n = legalMoves(pos).length;
  if (n > 0) return err({ code: 'HasMoves', message: `${pos.turn} has ${n} legal move${n === 1 ? '' : 's'} and may not pass` });
  return ok({ board: pos.board.slice(), turn: opposite(pos.turn) });
}
