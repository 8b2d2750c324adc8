/**
 * The players' draws from their seeded generator, shared by every game so that a table of
 * antics reads as data. Each helper draws exactly what it says (one `int` for a pick;
 * `anticFor` draws nothing, it reads a draw already made), so a game's plan draws in the
 * order it is written and a seed plays the same turns.
 */
import type { Rng } from '../util/rng.ts';

/** One item, uniformly: one draw. */
export const pick = <T>(rng: Rng, items: readonly T[]): T => items[rng.int(0, items.length - 1)]!;

/** A whole number in [min, max]: one draw. */
export const between = (rng: Rng, r: { readonly min: number; readonly max: number }): number => rng.int(r.min, r.max);

/**
 * One line of a game's antic table. Lines exclude each other: each has its chance of a
 * turn. `possible: false` passes the line over (the draw goes on to the next line); an
 * antic of 'none' on a line that cannot be done ends the table with no antic.
 */
export interface AnticChance<A extends string> {
  readonly antic: A | 'none';
  readonly chance: number;
  readonly possible?: boolean;
}

/** The antic of a turn for a draw in [0, 1): the first possible line whose chance, added to those above it, passes the draw. */
export function anticFor<A extends string>(draw: number, table: readonly AnticChance<A>[]): A | 'none' {
  let edge = 0;
  for (const line of table) if (draw < (edge += line.chance) && line.possible !== false) return line.antic;
  return 'none';
}
