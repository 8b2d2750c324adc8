/**
 * The players at the table, as their answers to the referee (resync.ts, fouls.ts) see them:
 * the turn in hand and the verbs the engine (players.ts) lends them. The answers differ
 * from game to game (game.ts, `answers`); the state and the verbs are the engine's, once.
 */
import type { PlannedTurn, TurnActions } from './game.ts';
import type { ExpectedFoul } from './ledger.ts';

/** The turn in hand: its plan, what the hands are doing, and a foul being put right. */
export interface Turn<Position, Plan extends PlannedTurn> {
  readonly token: number;
  readonly plan: Plan;
  /** The game and the position it is played in (after a pass), for the ledger. */
  readonly game: number;
  readonly position: Position;
  /** Fouls the hands committed in this turn, not yet in the ledger. */
  readonly fouls: ExpectedFoul[];
  /** The hands' last script; resolves when its last step has run. */
  hands: Promise<unknown>;
  /** Bumped at every script and every foul: a watchdog armed at an older step stands down. */
  step: number;
  /** A foul stands: whether its restore steps are done, and whether the referee said `restored`. */
  foul?: { putRight: boolean; restored: boolean };
}

export interface PlayersAtTable<Position, Plan extends PlannedTurn> {
  readonly stopped: boolean;
  /** Bumped at every verdict that changes whose turn it is, and when a turn is given up: what waits on an older one stands down. */
  readonly token: number;
  readonly turn: Turn<Position, Plan> | undefined;
  /** Whatever the hands were last given to do. */
  readonly hands: Promise<unknown>;
  later(ms: number, fn: () => void): void;
  bump(): number;
  /** The referee gives the game at `text`: plan the side to move's turn. */
  newPosition(text: string): void;
  /** The game goes on at `text`: its turn planned `afterMs` from now. */
  takeUp(text: string, afterMs: number): void;
  /** Plays `plan` as a turn of its own, in the position the game stands at. */
  replay(plan: Plan): void;
  /** Plays one more script of `turn`; resolves when its hands are done. */
  play(turn: Turn<Position, Plan>, actions: TurnActions): Promise<unknown>;
  /** Drops the turn in hand (its fouls into the ledger) and bumps the token. */
  giveUp(): void;
  /** Sets the board as the game stands; `say`: tell the ledger (the game is then not a clean one). */
  putBack(say: boolean): void;
  tidyUp(): void;
}
