/** Settings of a refereed Surakarta match: foul policy, match format, the holding grace, a first position. */
import { DEFAULT_SURAKARTA_MATCH, type SurakartaMatch } from '../../rules/surakarta/match.ts';
import type { Position } from '../../rules/surakarta/position.ts';
import type { FoulPolicy } from '../verdicts.ts';

export interface SurakartaRefereeSettings {
  /** `casual`: fouls are counted, never lose; `tournament`: a side's second foul in a game forfeits it (RULES.md). */
  readonly policy: FoulPolicy;
  readonly match: SurakartaMatch;
  /** A hand on the board longer than this forfeits the game of the side to move. */
  readonly holdingGraceMs: number;
  /** The position game 1 starts from, when not the start position (an adjourned game, a puzzle, a test). */
  readonly firstPosition?: Position;
}

// No placement grace or tip attribution: a Surakarta board does not tip, so a move is final
// the moment the piece is placed.
export const DEFAULT_SURAKARTA_SETTINGS: SurakartaRefereeSettings = {
  policy: 'casual',
  match: DEFAULT_SURAKARTA_MATCH,
  holdingGraceMs: 2000,
};
