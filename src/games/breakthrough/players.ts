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
import { CalledScript, HAND_GAP_MS, answerAfter, handMove } from '../../players/hands.ts';
import type { ExpectedFoulCode } from '../../players/ledger.ts';
import { playersOn } from '../../players/players.ts';
import type { Scheduler } from '../../util/scheduler.ts';
import { BT_DEFAULT_ODDS, planBreakthroughTurn, type BtAntic, type BtPlanOdds, type BtTurnPlan } from './plan-turn.ts';
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

/** A hesitating hand: the piece back down, then lifted again to be moved. */
const HESITATE_BACK_MS = 600;
const HESITATE_AGAIN_MS = 700;

/** The foul each foul antic commits (at the script's last step). */
const FOUL_OF: Partial<Record<BtAntic, ExpectedFoulCode>> = {
  'not-your-piece': 'NotYourSphere',
  'touch-move': 'TouchMove',
  'illegal-placement': 'IllegalPlacement',
  roll: 'Rolled',
};

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

/** The whole turn as planned, antic included; with a foul antic, up to the foul. */
export function breakthroughHands(plan: BtTurnPlan): TurnActions {
  const c = new CalledScript();
  const s = c.script;
  const from = squareName(plan.move.from);
  const to = squareName(plan.move.to);
  switch (plan.antic) {
    case 'hesitate':
      s.lift(from, { afterMs: plan.thinkMs }).place(from, { afterMs: HESITATE_BACK_MS, kind: plan.piece });
      return moveBy(c, plan, HESITATE_AGAIN_MS);
    case 'press': {
      const press = plan.press!;
      s.press(squareName(press.square), press.grams, { afterMs: plan.thinkMs, durationMs: press.durationMs });
      return moveBy(c, plan, HAND_GAP_MS);
    }
    case 'not-your-piece':
      s.lift(squareName(plan.wrongSquare!), { afterMs: plan.thinkMs });
      break;
    case 'touch-move':
      s.lift(from, { afterMs: plan.thinkMs })
        .place(from, { afterMs: HESITATE_BACK_MS, kind: plan.piece })
        .lift(squareName(plan.wrongSquare!), { afterMs: HESITATE_AGAIN_MS });
      break;
    case 'illegal-placement':
      s.lift(from, { afterMs: plan.thinkMs }).place(squareName(plan.wrongSquare!), { afterMs: plan.holdMs, kind: plan.piece });
      break;
    case 'roll':
      s.roll(from, to, { afterMs: plan.thinkMs, ...plan.roll! });
      break;
    case 'none':
    case 'slow':
      return moveBy(c, plan, plan.thinkMs);
  }
  return c.foul(FOUL_OF[plan.antic]!).actions('foul', answerAfter(s));
}

/** The planned move played cleanly, `afterMs` from now: after a foul is put right, the turn again. */
export const breakthroughMoveAlone = (plan: BtTurnPlan, afterMs: number): TurnActions => moveBy(new CalledScript(), plan, afterMs);

function moveBy(c: CalledScript, plan: BtTurnPlan, afterMs: number): TurnActions {
  const { from, to, capture } = plan.move;
  handMove(
    c.script,
    { from: squareName(from), to: squareName(to), capture, captureOrder: plan.captureOrder, holdMs: plan.holdMs, kind: plan.piece },
    afterMs,
  );
  return c.moved().actions('turn', answerAfter(c.script));
}
