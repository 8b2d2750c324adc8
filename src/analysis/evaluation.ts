/**
 * What the analysis says a position is worth, always from the game's first side's view (the
 * side that moves first: White, Light), as an evaluation bar shows it: centi-units (a pawn-like
 * unit is 100, positive good for the first side), or a forced end the search found, naming the
 * side that wins it. A position where the game is over is a forced end in 0 moves.
 */
import type { Score } from '../engine/types.ts';

export type Evaluation =
  | { readonly kind: 'cp'; readonly value: number }
  /** `side` wins by force; `moves`: the moves of the side to move before the end, as the engine protocol counts them (0: over). */
  | { readonly kind: 'win'; readonly side: string; readonly moves: number };

/** The game is over in this position, won by `side`. */
export const over = (side: string): Evaluation => ({ kind: 'win', side, moves: 0 });

/**
 * The search's score of a position (from its side to move's view, `mover`) from the first
 * side's view. `sides`: the game's two sides, the first side first.
 */
export function evaluationOf(score: Score, mover: string, sides: readonly [string, string]): Evaluation {
  const other = mover === sides[0] ? sides[1] : sides[0];
  if (score.kind === 'cp') return { kind: 'cp', value: mover === sides[0] ? score.value : -score.value };
  // The engine says mate 0 (or -0) for a side to move that has already lost.
  return score.moves > 0 ? { kind: 'win', side: mover, moves: score.moves } : { kind: 'win', side: other, moves: -score.moves };
}

/** Whether the evaluation is a forced loss for `side`. */
export const losesFor = (e: Evaluation | undefined, side: string): boolean => e?.kind === 'win' && e.side !== side;

/**
 * The evaluation in a few characters, first side's view: `+0.35`, `-1.20`, `0.00`; a forced end
 * as `#3` (the first side wins) or `#-3` (the other side wins), `#0`/`#-0` when it is over.
 */
export function formatEvaluation(e: Evaluation, firstSide: string): string {
  if (e.kind === 'win') return `#${e.side === firstSide ? '' : '-'}${e.moves}`;
  if (e.value === 0) return '0.00';
  return `${e.value > 0 ? '+' : '-'}${(Math.abs(e.value) / 100).toFixed(2)}`;
}
