/** The referee's state, for any game: the game as the rules see it and the board as the sensors see it. */
import type { ByPlayer } from '../rules/match/track.ts';
import type { Cell } from './inputs.ts';
import type { GameTypes, SideOf } from './game-types.ts';
import type { SensorHealth } from './sensor-health.ts';
import type { CaptureOrder, FoulCode } from './verdicts.ts';

export const PHASES = ['setup', 'play', 'foul', 'game-over', 'match-over', 'resync'] as const;
export type Phase = (typeof PHASES)[number];

/** A piece off the board in someone's hand (its code), and the cell it came from. */
export interface HeldPiece {
  readonly cell: number;
  readonly from: Cell;
}

/**
 * A move of the game in progress, as a takeback needs it: the position it was made in, the move
 * in notation, and whether it was the computer's (carried out as the referee said it).
 */
export interface EarlierPly<G extends GameTypes> {
  readonly before: G['position'];
  readonly move: string;
  readonly byComputer?: true;
}

/** The game in progress; its position is the last legal position. */
export interface GameInPlay<G extends GameTypes> {
  readonly position: G['position'];
  /** The game's moves so far, oldest first (absent: none known, as for a game set up mid-way in a test). */
  readonly earlier?: readonly EarlierPly<G>[];
}

/** A move the computer wants carried out on the board, until it is (advice.ts): the move, and its notation. */
export interface PendingComputerMove<G extends GameTypes> {
  readonly move: G['move'];
  readonly notation: string;
}

export type FoulCounts<G extends GameTypes> = Readonly<Record<SideOf<G>, number>>;

/**
 * A game that ended by a holding forfeit, as it stood just before it: what the operator's
 * attribution (RULES.md: "unless the operator attributes it otherwise") needs to withdraw
 * the ending. Kept until the next game starts.
 */
export interface HoldingForfeit<G extends GameTypes> {
  /** The side that forfeited (the side to move, or the side the operator has attributed it to since). */
  readonly loser: SideOf<G>;
  /** The game before the forfeit: its position is the last legal position. */
  readonly game: GameInPlay<G>;
  readonly fouls: FoulCounts<G>;
  readonly touched?: Cell;
}

export interface RefereeState<G extends GameTypes> {
  readonly settings: G['settings'];
  readonly phase: Phase;
  readonly match: G['match'];
  readonly game: GameInPlay<G>;
  /** What stands on each cell now, by the referee's account of the sensed events (piece codes). */
  readonly onBoard: Int8Array;
  readonly hand: readonly HeldPiece[];
  /** A piece of the mover lifted this turn and put back: touch move says it must be the one moved. */
  readonly touched?: Cell;
  readonly captureOrder?: CaptureOrder;
  readonly fouls: FoulCounts<G>;
  readonly foul?: FoulCode;
  readonly interferenceSince?: number;
  /** After a game: the board has been touched since, so a start position seen now is a new setup. */
  readonly changedSinceOver: boolean;
  readonly lastResyncReport?: string;
  /** The last game ended by a holding forfeit (until the next game starts). */
  readonly holding?: HoldingForfeit<G>;
  /** The load cells at fault, and the cells they leave blind. */
  readonly sensors: SensorHealth;
  /** The computer's move for the person to carry out, while it is not yet on the board (part of the turn: cleared with it). */
  readonly computerMove?: PendingComputerMove<G>;
  /** Hints shown to each player in the match so far (kept across games: the match record says them). */
  readonly hints: ByPlayer<number>;
  /** What the game's board physics keeps (board-physics.ts). */
  readonly physics: G['physics'];
}

/** A state being built by one step; the reducer copies before it writes. */
export type Draft<G extends GameTypes> = { -readonly [K in keyof RefereeState<G>]: RefereeState<G>[K] } & { hand: HeldPiece[] };

export const draftOf = <G extends GameTypes>(s: RefereeState<G>): Draft<G> => ({ ...s, onBoard: s.onBoard.slice(), hand: [...s.hand] });
