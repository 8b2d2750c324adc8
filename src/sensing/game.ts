/**
 * What a game tells sensing, as plain data: the masses of its kinds of piece and the weight
 * of the board on the pivots, in grams. Sensing knows no rules; the app translates a game's
 * profile into this (for Senryaku: the spheres w W b B and the board of the balance model).
 */
import type { BySide } from '../protocol/fields.ts';

export interface SensingGame {
  /** Mass of each kind of piece, grams, by its letter (at most 8 kinds; the order is the kinds mask's bit order). */
  readonly pieceMassesG: Readonly<Record<string, number>>;
  /** The board's own weight on the pivot cells, grams (unused on a board without pivots). */
  readonly boardMassG: number;
}

/**
 * Leaning is a game's physics (Senryaku's balance model), so sensing does not compute it:
 * the app may hand in this function. Given the load on every point of the grid (grams, by
 * point index), it returns the moment (g·pitch) that may still be added toward each side
 * before the board tips. Without it there is no leaning detection (a board that cannot tip).
 */
export type BalanceMargins = (loadsG: ArrayLike<number>) => BySide<number>;

/** The largest number of kinds a mask (one byte per well) can tell apart. */
export const MAX_KINDS = 8;
