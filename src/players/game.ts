/**
 * What a game gives the player engine (players.ts): its positions as the verdicts write
 * them, its choice of moves and antics, the hand actions of a planned turn, and how its
 * players answer the referee. The engine does the rest, once for every game: watching the
 * verdicts, taking turns, playing scripts on the simulated board, setting up, tidying up,
 * and the ledger.
 */
import type { Rng } from '../util/rng.ts';
import type { SimScript } from '../hardware/sim/script.ts';
import type { Side } from '../referee/verdicts.ts';
import type { LedgerRules, StepCall } from './ledger.ts';

/**
 * What the ledger makes of a script once its hands are done: `turn`, it ends the turn (its
 * move, its fouls and the game's end if any go into the ledger); `foul`, it stops at a
 * foul the referee must call (its fouls wait for the turn's end); `put-right`, the board
 * put right as the referee said (nothing to call).
 */
export const SCRIPT_ENDS = ['turn', 'foul', 'put-right'] as const;
export type ScriptEnd = (typeof SCRIPT_ENDS)[number];

/**
 * How the players answer a foul call: `own-script`, their hands' script already puts back
 * what they did wrong, so the call changes nothing (Senryaku's); `restore-steps`, their
 * turn stopped at the foul: they do the referee's restore steps and, once it says
 * `restored`, play the planned move cleanly (Surakarta's).
 */
export const FOUL_ANSWERS = ['own-script', 'restore-steps'] as const;
export type FoulAnswer = (typeof FOUL_ANSWERS)[number];

/**
 * How the players answer a resync (a reboot or a lost link hid part of a turn): both finish
 * what is in their hands and put the board back as the game stands; then `same-turn`, once
 * the referee agrees, they play the turn they had planned again, so a fault never changes
 * what they choose (Senryaku's); `new-turn`, they think again from the position the
 * referee gives (Surakarta's).
 */
export const RESYNC_ANSWERS = ['same-turn', 'new-turn'] as const;
export type ResyncAnswer = (typeof RESYNC_ANSWERS)[number];

/** A planned turn, in the game's own shape; the engine reads only the antic (the ledger's label). */
export interface PlannedTurn {
  readonly antic: string;
}

/** A position as the engine keeps it: whose turn it is, in the game's words. */
export interface GamePosition {
  readonly turn: Side;
}

/** A planned turn as timed hand actions on the simulated board, and what a correct referee must call for them. */
export interface TurnActions {
  readonly script: SimScript;
  readonly calls: readonly StepCall[];
  readonly ends: ScriptEnd;
  /** From the script's start: no answer from the referee by then (a move, a call), and the players tidy up. */
  readonly answerWithinMs: number;
}

export interface GamePlayers<Position extends GamePosition, Plan extends PlannedTurn> extends LedgerRules<Position, Plan> {
  /** Names the players' service and their random stream (`Rng.fork`): part of what a seed plays, so it stays as first recorded. */
  readonly name: string;
  /** From a verdict that gives a side the turn to its hands starting (0: within the verdict; the think time is in the script). */
  readonly reactMs: number;
  /** Setting up the next game, `afterMs` after a game-over: the board cleared, then the start position (see players.ts). */
  readonly setup: { readonly afterMs: number; readonly cleared: string; readonly start: string };
  readonly answers:
    | { readonly foul: 'own-script'; readonly resync: ResyncAnswer }
    | {
        readonly foul: 'restore-steps';
        readonly resync: ResyncAnswer;
        /** The planned move alone, played cleanly `afterMs` from now: the turn again once its foul is put right. */
        readonly moveAlone: (plan: Plan, afterMs: number) => TurnActions;
      };
  /** A position as the verdicts write it; undefined: not this game's. */
  parse(text: string): Position | undefined;
  /** The position as the simulated board is set to it. */
  format(position: Position): string;
  /**
   * The side to move's turn, drawn from `rng`: the position it is played in (after a pass
   * the game makes for a side without a move) and the plan; undefined when it has no turn
   * to play (the referee ends the game).
   */
  plan(position: Position, rng: Rng): { readonly position: Position; readonly plan: Plan } | undefined;
  /**
   * The side to move's turn playing `move` (the game's notation), decided by someone else (the
   * computer, whose move its player's hands carry out as the board lights it), played cleanly;
   * undefined when it is no legal move there.
   */
  planMove(position: Position, move: string, rng: Rng): { readonly position: Position; readonly plan: Plan } | undefined;
  /** The whole planned turn by hand; `pitch`: the board's well pitch in its length unit (where a hand goes). */
  hands(plan: Plan, pitch: number): TurnActions;
}
