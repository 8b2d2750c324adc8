/**
 * The types Senryaku is refereed in (its settings, and what its board's physics keeps), apart
 * from the rules (referee.ts) and the physics (physics.ts) that both name them.
 */
import type { GameEnd, GameTypesOf, RefereeSettings } from '../../referee/rules.ts';
import type { RefereeState } from '../../referee/state.ts';
import { DEFAULT_MATCH_SETTINGS, type MatchSettings, type MatchState } from '../../rules/match/track.ts';
import type { Move } from './rules/moves.ts';
import type { Position } from './rules/position.ts';
import { DEFAULT_PROFILE, type BoardProfile } from './rules/profile.ts';
import type { Color, Well } from './rules/types.ts';

/** Settings of a refereed Senryaku match: board profile, foul policy, match format, time limits. */
export interface SenryakuRefereeSettings extends RefereeSettings<Position> {
  readonly profile: BoardProfile;
  readonly match: MatchSettings;
  /** A tip this soon after a placement is the placer's, even though the turn has passed. */
  readonly placementGraceMs: number;
  /**
   * The tilt switches answer within ~10 ms, before the load cells have settled on the lift or
   * placement that tipped the board; the crash is judged this long after the tip, once they have.
   */
  readonly tipAttributionMs: number;
  /** How long the model's predicted tip may go unconfirmed by the tilt switches before it is logged. */
  readonly disagreementWindowMs: number;
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

/** The types Senryaku is refereed in. */
export type SenryakuGame = GameTypesOf<Position, Move, MatchState, SenryakuRefereeSettings, SenryakuPhysicsState>;

export type SenryakuRefereeState = RefereeState<SenryakuGame>;

export interface LastAction {
  readonly side: Color;
  readonly kind: 'lift' | 'place' | 'roll';
  readonly well: Well;
  readonly atMs: number;
}

export interface SenryakuPhysicsState {
  /** The side the board is down toward (tilt switches closed). */
  readonly tipped?: Color;
  /** The last action of a player during a game: whose a tip was. */
  readonly lastAction?: LastAction;
  /** When the model started predicting a tip that the tilt switches have not confirmed. */
  readonly modelTipSince?: number;
  readonly modelTipReported: boolean;
  /** A capture completed but not yet final: a tip within the placement grace still makes it a crash. */
  readonly pendingEnd?: { readonly atMs: number; readonly end: GameEnd<Color> };
  /** The tilt switches closed; the crash is judged once the actions before it have been sensed. */
  readonly pendingTip?: {
    readonly toward: Color;
    readonly atMs: number;
    /** The board as it stood when it tipped: the actions sensed up to then, not the spill after. */
    readonly board: Int8Array;
    readonly lifted: readonly Well[];
  };
}
