/**
 * What a game's board may add to refereeing beyond lifts and placements: physics of its own
 * (a board that balances and can tip, with tilt switches that decide a crash). The engine
 * calls these hooks at fixed points of a step; the extension keeps its state in the referee's
 * state (`physics`) and may end the game itself (game-flow.ts `endGame`). A board without
 * physics of its own has no extension: tilt reports are ignored, and a move is final when its
 * piece is set down.
 */
import type { GameEnd, GameTypes, SideOf } from './game-types.ts';
import type { TipSide } from './inputs.ts';
import type { Draft } from './state.ts';
import type { VerdictBody } from './verdicts.ts';

/** What a physics hook works with (a step's context, as far as physics needs it): the draft state, the time, what it says, and the game's end when the physics decides it. */
export interface PhysicsContext<G extends GameTypes> {
  readonly d: Draft<G>;
  /** When the input was known. */
  readonly at: number;
  /** When its physical action happened. */
  readonly happenedAt: number;
  emit(v: VerdictBody): void;
  /** Ends the game now, as the engine ends one (a crash; a capture made final). */
  endGame(end: GameEnd<SideOf<G>>): void;
}

/** A physical action on the board, as the extension hears it. */
export type BoardAction = 'lift' | 'place' | 'roll';

/** Fields the physics adds to a `move` verdict (a balancing board's tip margins). */
export type MoveVerdictExtra = Partial<Pick<Extract<VerdictBody, { type: 'move' }>, 'balance'>>;

export interface BoardPhysics<G extends GameTypes> {
  /** Its state when the referee starts. */
  readonly initial: G['physics'];
  /** A game starts, or goes on after a holding attributed to nobody: only what outlasts a game is kept. */
  atGameStart(x: G['physics']): G['physics'];
  /** A game ends: nothing the physics was judging is pending any more. */
  atGameEnd(x: G['physics']): G['physics'];
  /** The side the board is down toward (tilt switches closed); no game starts and no resync ends while it is down. */
  tilt(x: G['physics']): TipSide | undefined;
  withTilt(x: G['physics'], tilt: TipSide | undefined): G['physics'];
  /** While true, lifts and placements are not judged: only what the physics decides counts (a tip being attributed). */
  holdsJudgement(x: G['physics']): boolean;
  /** An ending the physics holds back until it is final, in words (`a capture`), if any. */
  heldEnding(x: G['physics']): string | undefined;

  /** The tilt switches closed toward `toward`. */
  onTipped(ctx: PhysicsContext<G>, toward: TipSide): void;
  /** A lift, placement or roll on `cell` was sensed (the referee's account already follows it), before it is judged. */
  onAction(ctx: PhysicsContext<G>, action: BoardAction, cell: number): void;
  /** After a lift, placement or roll has been judged. */
  afterAction(ctx: PhysicsContext<G>): void;
  /** What a move verdict adds after the position the move leads to. */
  moveVerdict(ctx: PhysicsContext<G>, position: G['position']): MoveVerdictExtra;
  /** A move ended the game: true when the physics holds the ending back until it is final (it ends the game itself then). */
  holdEnding(ctx: PhysicsContext<G>, end: GameEnd<SideOf<G>>): boolean;
  /** Before the engine's own time-outs: true when the physics has decided this step (nothing else is checked). */
  checkTimers(ctx: PhysicsContext<G>): boolean;
  /** After the engine's own time-outs, during a game that goes on. */
  watchTimers(ctx: PhysicsContext<G>): void;
}
