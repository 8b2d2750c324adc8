/** The legal moves of a position with their notation and what each leads to, for a `moves` listing. */
import { legalMoves, type Move } from './moves.ts';
import { formatMove } from './notation.ts';
import { describeOutcome, moveOutcome, type MoveOutcome } from './play.ts';
import type { Position } from './position.ts';

export interface MoveLine {
  readonly move: Move;
  readonly notation: string;
  readonly outcome: MoveOutcome;
  /** The outcome in words: `none`, `capture: dark has 11 left`, `capture of the last piece: light wins`. */
  readonly outcomeText: string;
}

/** Every legal move, sorted by notation; empty when the side to move must pass. */
export function moveLines(pos: Position): MoveLine[] {
  return legalMoves(pos)
    .map((move) => {
      const outcome = moveOutcome(pos, move);
      return { move, notation: formatMove(move), outcome, outcomeText: describeOutcome(outcome, pos) };
    })
    .sort((a, b) => (a.notation < b.notation ? -1 : a.notation > b.notation ? 1 : 0));
}

/** What having no legal move means here. */
export const noMoveText = (pos: Position): string => `no legal move: ${pos.turn} passes`;
