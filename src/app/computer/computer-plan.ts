/**
 * A new match with the computer in its seat (or none): its players named for it where no name
 * was given, and takebacks of two plies, so that a person's takeback takes the computer's
 * reply back with their own move (src/referee/takeback.ts).
 */
import { playersWithComputer, type ComputerSeat } from '../../rulesets/computer-seat.ts';
import type { MatchPlan } from '../referee-host.ts';

export function withComputer(plan: MatchPlan, seat: ComputerSeat | undefined): MatchPlan {
  const { computer: _earlier, ...rest } = plan;
  const players = playersWithComputer(plan.players, seat);
  if (!seat) return { ...rest, players };
  return { ...rest, players, computer: seat, game: { ...plan.game, settings: { ...plan.game.settings, takebackPlies: 2 } } };
}
