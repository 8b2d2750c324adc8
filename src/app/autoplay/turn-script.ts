/**
 * A planned turn as timed hand actions on the simulated board, and what a correct referee
 * must call for each of them: the steps that commit a foul, hold the board, or complete
 * the move. The players' ledger (ledger.ts) keeps those of the steps that really
 * happened, so the expectation is what was done on the board, never what was sensed.
 */
import { simScript, type SimScript } from '../../hardware/sim/script.ts';
import { wellName } from '../../rules/senryaku/index.ts';
import type { FoulCode } from '../../referee/verdicts.ts';
import type { HandOnBoard, TurnPlan } from './plan-turn.ts';

/** A foul the referee must call, or 'holding': the forfeit for a hand on the board past the grace. */
export type ExpectedFoulCode = FoulCode | 'holding';

/** What step `step` of the script means, once it has happened on a board still standing. */
export type StepCall =
  { readonly step: number; readonly call: 'move' } | { readonly step: number; readonly call: 'foul'; readonly code: ExpectedFoulCode };

export interface TurnActions {
  readonly script: SimScript;
  readonly calls: readonly StepCall[];
}

/** `pitch`: the board's well pitch in its length unit, to put a hand where the plan says. */
export function turnScript(plan: TurnPlan, pitch: number): TurnActions {
  const { move, sphere } = plan;
  const from = wellName(move.from);
  const to = wellName(move.to);
  const s = simScript();
  const calls: StepCall[] = [];
  const foul = (code: ExpectedFoulCode): void => void calls.push({ step: s.steps.length - 1, call: 'foul', code });
  const moved = (): TurnActions => {
    calls.push({ step: s.steps.length - 1, call: 'move' });
    return { script: s, calls };
  };
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
      foul('NotYourSphere');
      s.place(wrong, { afterMs: 1200 });
      first = 1000;
      break;
    }
    case 'roll':
      // Rolled over, then rolled back: the referee calls the foul, then sees the board restored.
      s.roll(from, to, { afterMs: first, ...plan.roll });
      foul('Rolled');
      s.roll(to, from, { afterMs: 1200 }).lift(from, { afterMs: 1000 }).place(to, { afterMs: plan.holdMs });
      return moved();
    case 'hold':
      // Holding the board while thinking; the referee ends the game, so no move follows.
      pressOn(s, plan.hand!, pitch, plan.hand!.startMs, true);
      foul('holding');
      return { script: s, calls };
    case 'two-in-hand': {
      // The second sphere goes back first: the moving one is then the one legally in hand.
      const second = wellName(plan.secondWell!);
      s.lift(from, { afterMs: first }).lift(second, { afterMs: 400 });
      foul('TwoSpheresLifted');
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
        return moved();
      }
      break;
    }
    default:
      break;
  }
  if (move.capture) {
    const [a, b] = plan.captureOrder === 'captured-first' ? [to, from] : [from, to];
    s.lift(a, { afterMs: first }).lift(b, { afterMs: 400 }).place(to, { afterMs: plan.holdMs, kind: sphere });
    return moved();
  }
  s.lift(from, { afterMs: first }).place(to, { afterMs: plan.holdMs, kind: sphere });
  return moved();
}

/** The hand presses `afterMs` after the previous step; `blocking`: the next step waits until it lets go. */
function pressOn(s: SimScript, hand: HandOnBoard, pitch: number, afterMs: number, blocking: boolean): void {
  s.holdBoard(hand.grams, { afterMs, durationMs: hand.durationMs, blocking, at: { x: hand.x * pitch, y: hand.y * pitch } });
}
