/**
 * A move to show on the board's wells before anyone makes it: the computer's move for the
 * person to carry out, or a hint. Typed here, read from the referee's move notation
 * (`from-to`, `fromxto`: every game's referee writes its moves so, and a capture lands on the
 * captured piece), and followed step by step as the hands carry it out.
 */

export interface Suggestion {
  /** The well of the piece to lift. */
  readonly from: string;
  /** Where it goes; with `capture`, the well of the piece it takes, which is lifted away first or after. */
  readonly to: string;
  readonly capture: boolean;
}

const MOVE = /^([a-z][1-9][0-9]?)([-x])([a-z][1-9][0-9]?)$/;

/** The suggestion a move in the referee's notation makes; undefined for text that is not one. */
export function suggestionOfMove(move: string): Suggestion | undefined {
  const m = MOVE.exec(move.trim());
  if (!m) return undefined;
  return { from: m[1]!, to: m[3]!, capture: m[2] === 'x' };
}

/** The wells a move in the referee's notation names, first and last: from and to (none for other text). */
export function wellsOfMove(move: string): readonly string[] {
  const names = move.match(/[a-z][1-9][0-9]?/g) ?? [];
  return names.length < 2 ? [] : [names[0]!, names.at(-1)!];
}
