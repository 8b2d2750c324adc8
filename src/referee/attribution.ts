/**
 * When an operator's attribution of a holding is refused, in the same words for every game:
 * the side must be one of the game's (or `none`), and the last game must have ended by a
 * holding forfeit that is still the last word (the next game not begun). Each game's
 * referee carries the attribution out itself (src/referee/<game>/attribution.ts).
 */
import type { ByPlayer } from '../rules/match/track.ts';
import { err, ok, type Result } from '../util/result.ts';
import { NOBODY } from './inputs.ts';
import type { VerdictBody } from './verdicts.ts';

/** `to` as one of the game's sides or nobody, or why it is neither. */
export function attributionTarget<S extends string>(to: string, game: string, sides: readonly S[]): Result<S | typeof NOBODY, string> {
  if (to === NOBODY) return ok(NOBODY);
  const side = sides.find((s) => s === to);
  return side !== undefined ? ok(side) : err(`'${to}' is not a side of ${game}: attribute ${sides.join(', ')} or none`);
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

/** The verdicts of an attribution that took effect, the same for every game. */
export const attributionVerdicts = {
  /** To nobody: the forfeit withdrawn, the game goes on with `turn` to move once the board is back. */
  toNobody: (game: number, withdrawn: string, turn: string, score: ByPlayer<number>): VerdictBody => ({
    type: 'attributed',
    game,
    to: NOBODY,
    message: `nobody at the table held the board: ${withdrawn} and the game goes on, ${turn} to move`,
    score,
  }),
  /** To the side `to`: the forfeit withdrawn, and `to` forfeits the game instead (its game-over follows). */
  toSide: (game: number, to: string, withdrawn: string, score: ByPlayer<number>): readonly VerdictBody[] => [
    { type: 'attributed', game, to, message: `${to} held the board: ${withdrawn}, and ${to} forfeits it instead`, score },
    { type: 'forfeit', loser: to, reason: 'holding', message: `the operator attributes the holding to ${to}` },
  ],
};
