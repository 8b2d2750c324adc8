/**
 * The simulated Surakarta players' ledger (as ledger.ts is Senryaku's): after each turn they
 * say what their hands did and what a correct referee must call for it, from the plan and
 * from the steps the board carried out, never from the referee's verdicts. A foul antic's
 * foul counts once its last step (the lift, placement or slide that commits it) happened;
 * the move counts once its placement happened; the capture of the last enemy piece ends the
 * game (all-captured). The players never hold a point past the holding grace.
 */
import type { StepOutcome } from '../../hardware/sim/sim-board.ts';
import { formatMove, moveOutcome, type Position } from '../../rules/surakarta/index.ts';
import type { ExpectedFoul, TurnRecord } from './ledger.ts';
import type { SkAntic, SkTurnPlan } from './surakarta-plan.ts';
import type { ExpectedFoulCode } from './turn-script.ts';

/** The foul each foul antic commits. */
const FOUL_OF: Partial<Record<SkAntic, ExpectedFoulCode>> = {
  'not-your-piece': 'NotYourSphere',
  'touch-move': 'TouchMove',
  'illegal-placement': 'IllegalPlacement',
  roll: 'Rolled',
};

/** The foul a foul antic's script committed, if its last step happened. */
export function committedFoul(position: Position, plan: SkTurnPlan, outcomes: readonly StepOutcome[]): ExpectedFoul | undefined {
  const code = FOUL_OF[plan.antic];
  return code && outcomes.at(-1)?.result.ok ? { side: position.turn, code } : undefined;
}

/** The turn as done: `outcomes` are those of the script that ends with the move's placement. */
export function surakartaTurnRecord(
  game: number,
  position: Position,
  plan: SkTurnPlan,
  fouls: readonly ExpectedFoul[],
  outcomes: readonly StepOutcome[],
): TurnRecord {
  const moved = outcomes.at(-1)?.step.action === 'place' && outcomes.at(-1)?.result.ok === true;
  const outcome = moved ? moveOutcome(position, plan.move) : undefined;
  return {
    kind: 'turn',
    game,
    side: position.turn,
    antic: plan.antic,
    ...(moved ? { move: formatMove(plan.move) } : {}),
    fouls,
    ...(outcome?.kind === 'win' ? { end: { winner: outcome.winner, reason: 'all-captured' } } : {}),
  };
}
