/**
 * Surakarta's simulated players, as the player engine (src/players/) takes them: the plan
 * of plan-turn.ts as timed hand actions on the simulated board, point names throughout
 * (a1 … f6, as the referee's restore steps name them), and how a turn ends the game (the
 * capture of the last enemy piece). The players never hold a point past the holding grace.
 *
 * A turn with a foul in it ends at the action that commits the foul: what follows (the
 * board put right by the referee's restore steps, the turn played again) waits for the
 * referee's verdicts, as a player waits for the referee's word. After a resync they think
 * again from the position the referee gives. A side without a move passes first, as the
 * referee passes it (at once, with a notice and no move verdict).
 */
import type { SimBoard } from '../../hardware/sim/sim-board.ts';
import type { GamePlayers, TurnActions } from '../../players/game.ts';
import { CLEAN_LIFT_PLACE_ODDS, liftPlaceHands, liftPlaceMoveAlone, type LiftPlaceTurn } from '../../players/lift-place-hands.ts';
import { playersOn } from '../../players/players.ts';
import {
  START_POSITION,
  formatMove,
  formatPosition,
  gameStatus,
  moveOutcome,
  parsePosition,
  playPass,
  pointName,
  type Position,
} from './rules/index.ts';
import type { Scheduler } from '../../util/scheduler.ts';
import { SK_DEFAULT_ODDS, planSurakartaTurn, type SkPlanOdds, type SkTurnPlan } from './plan-turn.ts';

export function surakartaPlayers(odds: SkPlanOdds = SK_DEFAULT_ODDS): GamePlayers<Position, SkTurnPlan> {
  return {
    name: 'surakarta-players',
    reactMs: 100,
    setup: { afterMs: 2000, cleared: '6/6/6/6/6/6', start: START_POSITION },
    answers: { foul: 'restore-steps', resync: 'new-turn', moveAlone: surakartaMoveAlone },
    parse: (text) => {
      const pos = parsePosition(text);
      return pos.ok ? pos.value : undefined;
    },
    format: formatPosition,
    plan: (pos, rng) => {
      const status = gameStatus({ position: pos });
      if (status.kind === 'over') return undefined;
      const passed = status.kind === 'must-pass' ? playPass(pos) : undefined;
      if (passed && !passed.ok) return undefined;
      const position = passed ? passed.value : pos;
      const plan = planSurakartaTurn(position, rng, odds);
      return plan && { position, plan };
    },
    planMove: (position, move, rng) => {
      const plan = planSurakartaTurn(position, rng, CLEAN_LIFT_PLACE_ODDS, move);
      return plan && { position, plan };
    },
    hands: surakartaHands,
    notation: (plan) => formatMove(plan.move),
    end: ({ position, plan, moved }) => {
      const outcome = moved ? moveOutcome(position, plan.move) : undefined;
      return outcome?.kind === 'win' ? { winner: outcome.winner, reason: 'all-captured' } : undefined;
    },
  };
}

/** RefereeApp's `simulatedPlayers` for a Surakarta session on the simulated board. */
export const surakartaPlayersOn = (sim: SimBoard, seed: number, scheduler?: Scheduler, odds?: SkPlanOdds) =>
  playersOn(surakartaPlayers(odds), sim, seed, scheduler);

/** The plan as the lift-and-place hands play it. */
const asTurn = (plan: SkTurnPlan): LiftPlaceTurn => ({
  move: plan.move,
  piece: plan.piece,
  antic: plan.antic,
  captureOrder: plan.captureOrder,
  thinkMs: plan.thinkMs,
  holdMs: plan.holdMs,
  ...(plan.roll ? { roll: plan.roll } : {}),
  ...(plan.wrongPoint !== undefined ? { wrongCell: plan.wrongPoint } : {}),
  ...(plan.press ? { press: { cell: plan.press.point, grams: plan.press.grams, durationMs: plan.press.durationMs } } : {}),
});

/** The whole turn as planned, antic included; with a foul antic, up to the foul. */
export const surakartaHands = (plan: SkTurnPlan): TurnActions => liftPlaceHands(asTurn(plan), pointName);

/** The planned move played cleanly, `afterMs` from now: after a foul is put right, the turn again. */
export const surakartaMoveAlone = (plan: SkTurnPlan, afterMs: number): TurnActions => liftPlaceMoveAlone(asTurn(plan), pointName, afterMs);
