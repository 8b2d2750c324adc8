/**
 * When an operator's attribution of a holding is refused, in the same words for every game:
 * the side must be one of the game's (or `none`), and the last game must have ended by a
 * holding forfeit that is still the last word (the next game not begun). Each game's
 * referee carries the attribution out itself (src/referee/<game>/attribution.ts).
 */
import { NOBODY } from './inputs.ts';

/** Why `to` is not something to attribute a holding to in this game, or undefined. */
export function sideRefusal(to: string, game: string, sides: readonly string[]): string | undefined {
  if (to === NOBODY || sides.includes(to)) return undefined;
  return `'${to}' is not a side of ${game}: attribute ${sides.join(', ')} or none`;
}

/** Where the match stands, as the refusal needs it. */
export interface HoldingCase {
  /** The side that forfeited the last game by holding, while that ending stands. */
  readonly loser: string | undefined;
  /** The last game is over (game-over or match-over). */
  readonly over: boolean;
  /** Games recorded in the match. */
  readonly played: number;
}

/** Why there is no holding that `to` could be attributed now, or undefined. */
export function holdingRefusal(to: string, c: HoldingCase): string | undefined {
  if (c.loser === undefined) {
    if (!c.over && c.played > 0)
      return `game ${c.played + 1} has started: only the last game's ending can be attributed, before the next starts`;
    if (!c.over || c.played === 0) return 'no game has ended: there is no holding to attribute';
    return `game ${c.played} did not end by holding the board: there is no holding to attribute`;
  }
  if (to === c.loser) return `${to} already forfeited game ${c.played} for holding the board: that changes nothing`;
  return undefined;
}
