/**
 * Positions for the crash drill: crashes are rare in sensible play (a crashing move must
 * exist and be chosen), so the bench also starts games from positions reached by random
 * safe play from the start, at the first ply where some legal move would crash the board.
 * The simulated player then plays one of those (the board tips in the simulator's own
 * physics, not by the rules' model: they agree, see test/hardware/sim/rigid-body.test.ts).
 */
import { Rng } from '../../src/util/rng.ts';
import {
  legalMoves,
  moveOutcome,
  positionAfter,
  startPosition,
  type BalanceModel,
  type Position,
} from '../../src/games/senryaku/rules/index.ts';

const MAX_PLIES = 200;

export function crashPosition(seed: number, model: BalanceModel): Position | undefined {
  const rng = new Rng(seed).fork('crash-drill');
  let pos = startPosition();
  for (let ply = 0; ply < MAX_PLIES; ply++) {
    const judged = legalMoves(pos).map((m) => ({ m, kind: moveOutcome(pos, m, model).kind }));
    if (judged.some((j) => j.kind === 'crash')) return pos;
    const safe = judged.filter((j) => j.kind === 'none');
    if (safe.length === 0) return undefined;
    pos = positionAfter(pos, safe[rng.int(0, safe.length - 1)]!.m);
  }
  return undefined;
}
