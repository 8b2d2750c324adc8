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
import { CalledScript, HAND_GAP_MS, answerAfter, handMove } from '../../players/hands.ts';
import { playersOn } from '../../players/players.ts';
import type { ExpectedFoulCode } from '../../players/ledger.ts';
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
import { SK_DEFAULT_ODDS, planSurakartaTurn, type SkAntic, type SkPlanOdds, type SkTurnPlan } from './plan-turn.ts';

/** A hesitating hand: the piece back down, then lifted again to be moved. */
const HESITATE_BACK_MS = 600;
const HESITATE_AGAIN_MS = 700;

/** The foul each foul antic commits (at the script's last step). */
const FOUL_OF: Partial<Record<SkAntic, ExpectedFoulCode>> = {
  'not-your-piece': 'NotYourSphere',
  'touch-move': 'TouchMove',
  'illegal-placement': 'IllegalPlacement',
  roll: 'Rolled',
};

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

/** The whole turn as planned, antic included; with a foul antic, up to the foul. */
export function surakartaHands(plan: SkTurnPlan): TurnActions {
  const c = new CalledScript();
  const s = c.script;
  const from = pointName(plan.move.from);
  const to = pointName(plan.move.to);
  switch (plan.antic) {
    case 'hesitate':
      s.lift(from, { afterMs: plan.thinkMs }).place(from, { afterMs: HESITATE_BACK_MS, kind: plan.piece });
      return moveBy(c, plan, HESITATE_AGAIN_MS);
    case 'press': {
      const press = plan.press!;
      s.press(pointName(press.point), press.grams, { afterMs: plan.thinkMs, durationMs: press.durationMs });
      return moveBy(c, plan, HAND_GAP_MS);
    }
    case 'not-your-piece':
      s.lift(pointName(plan.wrongPoint!), { afterMs: plan.thinkMs });
      break;
    case 'touch-move':
      s.lift(from, { afterMs: plan.thinkMs })
        .place(from, { afterMs: HESITATE_BACK_MS, kind: plan.piece })
        .lift(pointName(plan.wrongPoint!), { afterMs: HESITATE_AGAIN_MS });
      break;
    case 'illegal-placement':
      s.lift(from, { afterMs: plan.thinkMs }).place(pointName(plan.wrongPoint!), { afterMs: plan.holdMs, kind: plan.piece });
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
export const surakartaMoveAlone = (plan: SkTurnPlan, afterMs: number): TurnActions => moveBy(new CalledScript(), plan, afterMs);

function moveBy(c: CalledScript, plan: SkTurnPlan, afterMs: number): TurnActions {
  const { from, to, capture } = plan.move;
  handMove(
    c.script,
    { from: pointName(from), to: pointName(to), capture, captureOrder: plan.captureOrder, holdMs: plan.holdMs, kind: plan.piece },
    afterMs,
  );
  return c.moved().actions('turn', answerAfter(c.script));
}
