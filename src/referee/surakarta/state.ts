/** The Surakarta referee's state: the game as the rules see it and the board as the sensors see it. */
import type { Game } from '../../rules/surakarta/game.ts';
import type { SurakartaMatchState } from '../../rules/surakarta/match.ts';
import type { BySide, Point, Side } from '../../rules/surakarta/types.ts';
import type { SensorHealth } from '../sensor-health.ts';
import type { CaptureOrder, FoulCode } from '../verdicts.ts';
import type { SurakartaRefereeSettings } from './settings.ts';

export const PHASES = ['setup', 'play', 'foul', 'game-over', 'match-over', 'resync'] as const;
export type Phase = (typeof PHASES)[number];

/** A piece whose side the referee does not know (placed from outside, or sensed at start-up). */
export const UNKNOWN_PIECE = 5;

/** A piece off the board in someone's hand, and the point it came from. */
export interface HeldPiece {
  readonly cell: number;
  readonly from: Point;
}

/**
 * A game that ended by a holding forfeit, as it stood just before it: what the operator's
 * attribution (RULES.md, Senryaku's ruling on holding, "as for Senryaku") needs to withdraw
 * the ending. Kept until the next game starts.
 */
export interface HoldingForfeit {
  /** The side that forfeited (the side to move, or the side the operator has attributed it to since). */
  readonly loser: Side;
  /** The game before the forfeit: its position is the last legal position. */
  readonly game: Game;
  readonly fouls: BySide<number>;
  readonly touched?: Point;
}

export interface SurakartaRefereeState {
  readonly settings: SurakartaRefereeSettings;
  readonly phase: Phase;
  readonly match: SurakartaMatchState;
  /** The game; its position is the last legal position. */
  readonly game: Game;
  /** What stands on each point now, by the referee's account of the sensed events (cell codes). */
  readonly onBoard: Int8Array;
  readonly hand: readonly HeldPiece[];
  /** A piece of the mover lifted this turn and put back: touch move says it must be the one moved. */
  readonly touched?: Point;
  readonly captureOrder?: CaptureOrder;
  readonly fouls: BySide<number>;
  readonly foul?: FoulCode;
  readonly interferenceSince?: number;
  /** After a game: the board has been touched since, so a start position seen now is a new setup. */
  readonly changedSinceOver: boolean;
  readonly lastResyncReport?: string;
  /** The last game ended by a holding forfeit (until the next game starts). */
  readonly holding?: HoldingForfeit;
  /** The load cells at fault, and the points they leave blind. */
  readonly sensors: SensorHealth;
}

/** A state being built by one step; the reducer copies before it writes. */
export type Draft = { -readonly [K in keyof SurakartaRefereeState]: SurakartaRefereeState[K] } & { hand: HeldPiece[] };

export const draftOf = (s: SurakartaRefereeState): Draft => ({ ...s, onBoard: s.onBoard.slice(), hand: [...s.hand] });
