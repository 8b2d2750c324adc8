/**
 * A planned Surakarta turn as timed hand actions on the simulated board. A turn with a foul
 * in it ends at the action that commits the foul: what follows (the board put right, the
 * turn played again) waits for the referee's verdicts, as a player waits for the
 * referee's word. Point names throughout (a1 … f6), as the referee's restore steps name them.
 */
import { simScript, type SimScript } from '../../hardware/sim/script.ts';
import type { Restoration } from '../../referee/verdicts.ts';
import { pointName } from '../../rules/surakarta/index.ts';
import type { SkTurnPlan } from './surakarta-plan.ts';

/** Between two actions of one hand, ms. */
const HAND_GAP_MS = 400;
/** A hesitating hand: the piece back down, then lifted again to be moved. */
const HESITATE_BACK_MS = 600;
const HESITATE_AGAIN_MS = 700;

/** The whole turn as planned, antic included; with a foul antic, up to the foul. */
export function turnScript(plan: SkTurnPlan): SimScript {
  const from = pointName(plan.move.from);
  const to = pointName(plan.move.to);
  const s = simScript();
  switch (plan.antic) {
    case 'hesitate':
      s.lift(from, { afterMs: plan.thinkMs }).place(from, { afterMs: HESITATE_BACK_MS, kind: plan.piece });
      return moveSteps(s, plan, HESITATE_AGAIN_MS);
    case 'press': {
      const press = plan.press!;
      s.press(pointName(press.point), press.grams, { afterMs: plan.thinkMs, durationMs: press.durationMs });
      return moveSteps(s, plan, HAND_GAP_MS);
    }
    case 'not-your-piece':
      return s.lift(pointName(plan.wrongPoint!), { afterMs: plan.thinkMs });
    case 'touch-move':
      return s
        .lift(from, { afterMs: plan.thinkMs })
        .place(from, { afterMs: HESITATE_BACK_MS, kind: plan.piece })
        .lift(pointName(plan.wrongPoint!), { afterMs: HESITATE_AGAIN_MS });
    case 'illegal-placement':
      return s.lift(from, { afterMs: plan.thinkMs }).place(pointName(plan.wrongPoint!), { afterMs: plan.holdMs, kind: plan.piece });
    case 'roll':
      return s.roll(from, to, { afterMs: plan.thinkMs, ...plan.roll! });
    case 'none':
    case 'slow':
      return moveSteps(s, plan, plan.thinkMs);
  }
}

/** The planned move played cleanly, `afterMs` from now: after a foul is put right, the turn again. */
export function moveScript(plan: SkTurnPlan, afterMs: number): SimScript {
  return moveSteps(simScript(), plan, afterMs);
}

/** A step is a lift and a placement; a capture lifts both pieces, in the planned order, then sets the mover down. */
function moveSteps(s: SimScript, plan: SkTurnPlan, afterMs: number): SimScript {
  const from = pointName(plan.move.from);
  const to = pointName(plan.move.to);
  if (plan.move.capture) {
    const [first, second] = plan.captureOrder === 'captured-first' ? [to, from] : [from, to];
    s.lift(first, { afterMs }).lift(second, { afterMs: HAND_GAP_MS });
  } else s.lift(from, { afterMs });
  return s.place(to, { afterMs: plan.holdMs, kind: plan.piece });
}

/** The referee's restore steps, done by hand in the order given, `afterMs` from now. */
export function restoreScript(steps: readonly Restoration[], afterMs: number): SimScript {
  const s = simScript();
  let gap = afterMs;
  for (const r of steps) {
    const kind = r.sphere === undefined ? {} : { kind: r.sphere };
    switch (r.action) {
      case 'put-back':
        s.place(r.well, { afterMs: gap, ...kind });
        break;
      case 'remove':
        s.lift(r.well, { afterMs: gap });
        break;
      case 'move-back':
        s.lift(r.from ?? r.well, { afterMs: gap }).place(r.well, { afterMs: HAND_GAP_MS, ...kind });
        break;
    }
    gap = HAND_GAP_MS;
  }
  return s;
}
