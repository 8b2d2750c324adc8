/**
 * Breakthrough's simulated players, as the player engine (src/players/) takes them: the plan
 * of plan-turn.ts as timed hand actions on the simulated board, square names throughout
 * (a1 … f6, as the referee's restore steps name them), and how a turn ends the game (a piece
 * on the far rank, or the last enemy piece taken). The players never hold a square past the
 * holding grace.
 *
 * A turn with a foul in it ends at the action that commits the foul: what follows (the
 * board put right by the referee's restore steps, the turn played again) waits for the
 * referee's verdicts, as a player waits for the referee's word. After a resync they think
 * again from the position the referee gives.
 */
import type { SimBoard } from '../../hardware/sim/sim-board.ts';
import type { GamePlayers, TurnActions } from '../../players/game.ts';
import { CLEAN_LIFT_PLACE_ODDS, liftPlaceHands, liftPlaceMoveAlone, type LiftPlaceTurn } from '../../players/lift-place-hands.ts';
import { playersOn } from '../../players/players.ts';
import type { Scheduler } from '../../util/scheduler.ts';
import { BT_DEFAULT_ODDS, planBreakthroughTurn, type BtPlanOdds, type BtTurnPlan } from './plan-turn.ts';
import {
  START_POSITION,
  formatMove,
  formatPosition,
  gameStatus,
  parsePosition,
  positionAfter,
  squareName,
  type Position,
} from './rules/index.ts';

export function breakthroughPlayers(odds: BtPlanOdds = BT_DEFAULT_ODDS): GamePlayers<Position, BtTurnPlan> {
  return {
    name: 'breakthrough-players',
    reactMs: 100,
    setup: { afterMs: 2000, cleared: '6/6/6/6/6/6', start: START_POSITION },
    answers: { foul: 'restore-steps', resync: 'new-turn', moveAlone: breakthroughMoveAlone },
    parse: (text) => {
      const pos = parsePosition(text);
      return pos.ok ? pos.value : undefined;
    },
    format: formatPosition,
    plan: (position, rng) => {
      const plan = planBreakthroughTurn(position, rng, odds);
      return plan && { position, plan };
    },
    planMove: (position, move, rng) => {
      const plan = planBreakthroughTurn(position, rng, CLEAN_LIFT_PLACE_ODDS, move);
      return plan && { position, plan };
    },
    hands: breakthroughHands,
    notation: (plan) => formatMove(plan.move),
    end: ({ position, plan, moved }) => {
      const after = moved ? gameStatus(positionAfter(position, plan.move)) : undefined;
      return after?.kind === 'over' ? { winner: after.winner, reason: after.reason } : undefined;
    },
  };
}

/** The descriptor's `simulatedPlayers`: Breakthrough's players on the simulated board. */
export const breakthroughPlayersOn = (sim: SimBoard, seed: number, scheduler?: Scheduler, odds?: BtPlanOdds) =>
  playersOn(breakthroughPlayers(odds), sim, seed, scheduler);

/** The plan as the lift-and-place hands play it. */
const asTurn = (plan: BtTurnPlan): LiftPlaceTurn => ({
  move: plan.move,
  piece: plan.piece,
  antic: plan.antic,
  captureOrder: plan.captureOrder,
  thinkMs: plan.thinkMs,
  holdMs: plan.holdMs,
  ...(plan.roll ? { roll: plan.roll } : {}),
  ...(plan.wrongSquare !== undefined ? { wrongCell: plan.wrongSquare } : {}),
  ...(plan.press ? { press: { cell: plan.press.square, grams: plan.press.grams, durationMs: plan.press.durationMs } } : {}),
});

/** The whole turn as planned, antic included; with a foul antic, up to the foul. */
export const breakthroughHands = (plan: BtTurnPlan): TurnActions => liftPlaceHands(asTurn(plan), squareName);

/** The planned move played cleanly, `afterMs` from now: after a foul is put right, the turn again. */
export const breakthroughMoveAlone = (plan: BtTurnPlan, afterMs: number): TurnActions =>
  liftPlaceMoveAlone(asTurn(plan), squareName, afterMs);
