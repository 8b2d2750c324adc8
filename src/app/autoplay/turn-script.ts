/** A planned turn as timed hand actions on the simulated board. */
import { simScript, type SimScript } from '../../hardware/sim/script.ts';
import { wellName } from '../../rules/senryaku/index.ts';
import type { TurnPlan } from './plan-turn.ts';

export function turnScript(plan: TurnPlan): SimScript {
  const { move, sphere } = plan;
  const from = wellName(move.from);
  const to = wellName(move.to);
  const s = simScript();
  let first = plan.thinkMs;
  switch (plan.antic) {
    case 'touch':
      s.lift(from, { afterMs: first }).place(from, { afterMs: 500 });
      first = 900;
      break;
    case 'wrong-sphere': {
      const wrong = wellName(plan.wrongWell!);
      s.lift(wrong, { afterMs: first }).place(wrong, { afterMs: 1200 });
      first = 1000;
      break;
    }
    case 'roll':
      // Rolled over, then rolled back: the referee calls the foul, then sees the board restored.
      return s.roll(from, to, { afterMs: first, ...plan.roll }).roll(to, from, { afterMs: 1200 }).lift(from, { afterMs: 1000 }).place(to, { afterMs: plan.holdMs });
    default:
      break;
  }
  if (move.capture) {
    const [a, b] = plan.captureOrder === 'captured-first' ? [to, from] : [from, to];
    return s.lift(a, { afterMs: first }).lift(b, { afterMs: 400 }).place(to, { afterMs: plan.holdMs, kind: sphere });
  }
  return s.lift(from, { afterMs: first }).place(to, { afterMs: plan.holdMs, kind: sphere });
}
