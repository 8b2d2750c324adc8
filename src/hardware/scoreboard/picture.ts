/**
 * What a scoring-board display shows: which marker lights in which hole, which lamps are
 * on, what the digits say. The contract between the app, which composes pictures from the
 * verdicts (src/app/scoreboard), and the displays here, which only draw them.
 */
import type { ByPlayer } from '../../rules/match/track.ts';

export const LAMPS = ['white', 'black', 'foul', 'crash'] as const;
export type Lamp = (typeof LAMPS)[number];

export interface ScoreboardFrame {
  readonly trackLength: number;
  /** Index = hole 0..N: is A's (red) / B's (green) light on there. */
  readonly holes: readonly ByPlayer<boolean>[];
  readonly lamps: { readonly [L in Lamp]: boolean };
  /** Each player's match points, and the second number: games won, or pieces in play (`counts`). */
  readonly digits: ByPlayer<{ readonly points: number; readonly count: number }>;
  readonly counts: 'games' | 'pieces';
}
