/** Settings of a refereed Senryaku match: board profile, foul policy, match format, time limits. */
import { DEFAULT_MATCH_SETTINGS, type MatchSettings } from '../../rules/match/track.ts';
import type { Position } from '../../rules/senryaku/position.ts';
import { DEFAULT_PROFILE, type BoardProfile } from '../../rules/senryaku/profile.ts';
import type { FoulPolicy } from '../verdicts.ts';

export interface SenryakuRefereeSettings {
  readonly profile: BoardProfile;
  readonly policy: FoulPolicy;
  readonly match: MatchSettings;
  /** A tip this soon after a placement is the placer's, even though the turn has passed. */
  readonly placementGraceMs: number;
  /** A hand on the board longer than this forfeits the game of the side to move. */
  readonly holdingGraceMs: number;
  /**
   * The tilt switches answer within ~10 ms, before the load cells have settled on the lift or
   * placement that tipped the board; the crash is judged this long after the tip, once they have.
   */
  readonly tipAttributionMs: number;
  /** How long the model's predicted tip may go unconfirmed by the tilt switches before it is logged. */
  readonly disagreementWindowMs: number;
  /** The position game 1 starts from, when not the start position (an adjourned game, a puzzle, a test). */
  readonly firstPosition?: Position;
}

export const DEFAULT_REFEREE_SETTINGS: SenryakuRefereeSettings = {
  profile: DEFAULT_PROFILE,
  policy: 'casual',
  match: DEFAULT_MATCH_SETTINGS,
  placementGraceMs: 1500,
  holdingGraceMs: 2000,
  disagreementWindowMs: 750,
  tipAttributionMs: 300,
};
