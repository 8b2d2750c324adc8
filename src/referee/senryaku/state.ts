/** The Senryaku referee's state: the game as the rules see it and the board as the sensors see it. */
import type { MatchState } from '../../rules/match/track.ts';
import type { Game } from '../../rules/senryaku/game.ts';
import type { ByColor, Color, Well } from '../../rules/senryaku/types.ts';
import type { SensorHealth } from '../sensor-health.ts';
import type { CaptureOrder, FoulCode } from '../verdicts.ts';
import type { SenryakuRefereeSettings } from './settings.ts';

export const PHASES = ['setup', 'play', 'foul', 'game-over', 'match-over', 'resync'] as const;
export type Phase = (typeof PHASES)[number];

/** A sphere whose identity the referee does not know (placed from outside, or sensed at start-up). */
export const UNKNOWN_SPHERE = 5;

/** A sphere off the board in someone's hand, and the well it came from. */
export interface HeldSphere {
  readonly cell: number;
  readonly from: Well;
}

export interface LastAction {
  readonly side: Color;
  readonly kind: 'lift' | 'place' | 'roll';
  readonly well: Well;
  readonly atMs: number;
}

/**
 * A game that ended by a holding forfeit, as it stood just before it: what the operator's
 * attribution (RULES.md: "unless the operator attributes it otherwise") needs to withdraw
 * the ending. Kept until the next game starts.
 */
export interface HoldingForfeit {
  /** The side that forfeited (the side to move, or the side the operator has attributed it to since). */
  readonly loser: Color;
  /** The game before the forfeit: its position is the last legal position. */
  readonly game: Game;
  readonly fouls: ByColor<number>;
  readonly touched?: Well;
}

export interface SenryakuRefereeState {
  readonly settings: SenryakuRefereeSettings;
  readonly phase: Phase;
  readonly match: MatchState;
  /** The game; its position is the last legal position. */
  readonly game: Game;
  /** What stands in each well now, by the referee's account of the sensed events (cell codes). */
  readonly onBoard: Int8Array;
  readonly hand: readonly HeldSphere[];
  /** A sphere of the mover lifted this turn and put back: touch move says it must be the one moved. */
  readonly touched?: Well;
  readonly captureOrder?: CaptureOrder;
  readonly fouls: ByColor<number>;
  readonly foul?: FoulCode;
  readonly lastAction?: LastAction;
  readonly tipped?: Color;
  readonly interferenceSince?: number;
  /** When the model started predicting a tip that the tilt switches have not confirmed. */
  readonly modelTipSince?: number;
  readonly modelTipReported: boolean;
  /** After a game: the board has been touched since, so a start position seen now is a new setup. */
  readonly changedSinceOver: boolean;
  readonly lastResyncReport?: string;
  /** A capture completed but not yet final: a tip within the placement grace still makes it a crash. */
  readonly pendingCapture?: { readonly atMs: number };
  /** The tilt switches closed; the crash is judged once the actions before it have been sensed. */
  readonly pendingTip?: {
    readonly toward: Color;
    readonly atMs: number;
    /** The board as it stood when it tipped: the actions sensed up to then, not the spill after. */
    readonly board: Int8Array;
    readonly lifted: readonly Well[];
  };
  /** The last game ended by a holding forfeit (until the next game starts). */
  readonly holding?: HoldingForfeit;
  /** The load cells at fault, and the wells they leave blind. */
  readonly sensors: SensorHealth;
}

/** A state being built by one step; the reducer copies before it writes. */
export type Draft = { -readonly [K in keyof SenryakuRefereeState]: SenryakuRefereeState[K] } & { hand: HeldSphere[] };

export const draftOf = (s: SenryakuRefereeState): Draft => ({ ...s, onBoard: s.onBoard.slice(), hand: [...s.hand] });
