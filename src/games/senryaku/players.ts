/**
 * Senryaku's simulated players, as the player engine (src/players/) takes them: the plan of
 * plan-turn.ts as timed hand actions on the simulated board, with what a correct referee
 * must call for each step (a foul, holding the board, the move), and how a turn ends the
 * game (capture, crash, holding, the opponent left without a move).
 *
 * Their hands put right what they did wrong within the turn (a wrong sphere or a rolled one
 * back where it was, the second sphere down), so a foul call changes nothing they do; after
 * a resync they play the turn they had planned again, so a fault never changes what they
 * choose. They start their hands within the verdict that gives them the turn: the think time
 * is the script's first wait.
 */
import type { SimBoard } from '../../hardware/sim/sim-board.ts';
import type { SimScript } from '../../hardware/sim/script.ts';
import { playersOn } from '../../players/players.ts';
import type { GamePlayers, TurnActions } from '../../players/game.ts';
import { CalledScript, STUCK_MS, handMove } from '../../players/hands.ts';
import {
  BalanceModel,
  START_SPN,
  formatMove,
  formatSpn,
  legalMoves,
  opposite,
  parseSpn,
  positionAfter,
  wellName,
  type BoardProfile,
  type Position,
} from './rules/index.ts';
import type { Scheduler } from '../../util/scheduler.ts';
import { CLEAN_ODDS, planSenryakuTurn, type HandOnBoard, type PlanOdds, type TurnPlan } from './plan-turn.ts';

/** The players of a Senryaku session, planning with the balance model of the board's profile. */
export function senryakuPlayers(model: BalanceModel, odds?: PlanOdds): GamePlayers<Position, TurnPlan> {
  return {
    name: 'autoplay',
    reactMs: 0,
    // The board cleared, then the start: see the engine's setup.
    setup: { afterMs: 2500, cleared: '7/7/7/7/7/7', start: START_SPN },
    answers: { foul: 'own-script', resync: 'same-turn' },
    parse: (text) => {
      const pos = parseSpn(text);
      return pos.ok ? pos.value : undefined;
    },
    format: formatSpn,
    plan: (position, rng) => {
      const plan = planSenryakuTurn(position, model, rng, odds);
      return plan && { position, plan };
    },
    planMove: (position, move, rng) => {
      const plan = planSenryakuTurn(position, model, rng, CLEAN_ODDS, move);
      return plan && { position, plan };
    },
    hands: senryakuHands,
    notation: (plan) => formatMove(plan.move),
    end: ({ position, plan, moved, crashed, fouls }) => {
      const side = position.turn;
      if (crashed) return { winner: opposite(side), reason: 'crash' };
      if (fouls.some((f) => f.code === 'holding')) return { winner: opposite(side), reason: 'holding' };
      if (!moved) return undefined;
      if (plan.move.capture) return { winner: side, reason: 'capture' };
      if (legalMoves(positionAfter(position, plan.move)).length === 0) return { winner: side, reason: 'no-move' };
      return undefined;
    },
  };
}

/** RefereeApp's `simulatedPlayers` for a Senryaku session on the simulated board. */
export const senryakuPlayersOn = (sim: SimBoard, profile: BoardProfile, seed: number, odds?: PlanOdds, scheduler?: Scheduler) =>
  playersOn(senryakuPlayers(BalanceModel.fromProfile(profile), odds), sim, seed, scheduler);

/**
 * The whole turn by hand; `pitch`: the board's well pitch in its length unit, to put a hand
 * where the plan says. The players wait for the referee's word a while past the turn's
 * think and hold times.
 */
export function senryakuHands(plan: TurnPlan, pitch: number): TurnActions {
  const c = new CalledScript();
  const s = c.script;
  const answerWithinMs = STUCK_MS + plan.thinkMs + plan.holdMs + 4000;
  const { move, sphere } = plan;
  const from = wellName(move.from);
  const to = wellName(move.to);
  let first = plan.thinkMs;
  switch (plan.antic) {
    case 'touch':
      // A touch is a notice, not a foul: the sphere must then be moved, which it is.
      s.lift(from, { afterMs: first }).place(from, { afterMs: 500 });
      first = 900;
      break;
    case 'wrong-sphere': {
      const wrong = wellName(plan.wrongWell!);
      s.lift(wrong, { afterMs: first });
      c.foul('NotYourSphere');
      s.place(wrong, { afterMs: 1200 });
      first = 1000;
      break;
    }
    case 'roll':
      // Rolled over, then rolled back: the referee calls the foul, then sees the board restored.
      s.roll(from, to, { afterMs: first, ...plan.roll });
      c.foul('Rolled');
      s.roll(to, from, { afterMs: 1200 }).lift(from, { afterMs: 1000 }).place(to, { afterMs: plan.holdMs });
      return c.moved().actions('turn', answerWithinMs);
    case 'hold':
      // Holding the board while thinking; the referee ends the game, so no move follows.
      pressOn(s, plan.hand!, pitch, plan.hand!.startMs, true);
      return c.foul('holding').actions('turn', answerWithinMs);
    case 'two-in-hand': {
      // The second sphere goes back first: the moving one is then the one legally in hand.
      const second = wellName(plan.secondWell!);
      s.lift(from, { afterMs: first }).lift(second, { afterMs: 400 });
      c.foul('TwoSpheresLifted');
      s.place(second, { afterMs: 600 }).place(from, { afterMs: 400 });
      first = 700;
      break;
    }
    case 'rim': {
      // Resting a hand on the rim while thinking, or while the other hand holds the sphere.
      const hand = plan.hand!;
      if (move.capture || hand.startMs < first) {
        const at = Math.min(hand.startMs, first);
        pressOn(s, hand, pitch, at, false);
        first -= at;
      } else {
        s.lift(from, { afterMs: first });
        const inHand = Math.min(hand.startMs - first, plan.holdMs);
        pressOn(s, hand, pitch, inHand, false);
        s.place(to, { afterMs: plan.holdMs - inHand, kind: sphere });
        return c.moved().actions('turn', answerWithinMs);
      }
      break;
    }
    default:
      break;
  }
  handMove(s, { from, to, capture: move.capture, captureOrder: plan.captureOrder, holdMs: plan.holdMs, kind: sphere }, first);
  return c.moved().actions('turn', answerWithinMs);
}

/** The hand presses `afterMs` after the previous step; `blocking`: the next step waits until it lets go. */
function pressOn(s: SimScript, hand: HandOnBoard, pitch: number, afterMs: number, blocking: boolean): void {
  s.holdBoard(hand.grams, { afterMs, durationMs: hand.durationMs, blocking, at: { x: hand.x * pitch, y: hand.y * pitch } });
}
