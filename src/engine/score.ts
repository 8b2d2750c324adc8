/**
 * Scores inside the search: plain integers from the side to move's view, a game won or lost
 * counted from the root so that a quicker win scores higher (WIN - plies to it).
 */
import type { Score } from './types.ts';

/** The deepest line the search follows (main search and quiescence together). */
export const MAX_PLY = 128;
/** A game won at the root's own position; a win `p` plies from the root scores WIN - p. */
export const WIN = 30_000;
/** Above any score the search can return: the open window's bounds. */
export const INFINITE = 32_000;

/** A won or lost game, as opposed to an evaluation (which the games keep far below WIN - MAX_PLY). */
export const isDecisive = (value: number): boolean => Math.abs(value) >= WIN - MAX_PLY;

/** A search score as the protocol reports it: centi-units, or the game's end in moves of the side to move. */
export function scoreOf(value: number): Score {
  if (value >= WIN - MAX_PLY) return { kind: 'mate', moves: Math.ceil((WIN - value) / 2) };
  if (value <= -(WIN - MAX_PLY)) return { kind: 'mate', moves: -Math.ceil((WIN + value) / 2) };
  return { kind: 'cp', value };
}

/**
 * A decisive score stored in the transposition table counts from the stored position, not the
 * root, so that the same position reached at another depth reads it right.
 */
export const toTable = (value: number, ply: number): number =>
  value >= WIN - MAX_PLY ? value + ply : value <= -(WIN - MAX_PLY) ? value - ply : value;

export const fromTable = (value: number, ply: number): number =>
  value >= WIN - MAX_PLY ? value - ply : value <= -(WIN - MAX_PLY) ? value + ply : value;
