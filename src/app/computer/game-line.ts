/**
 * The game so far as the engine is told it: the position the game in progress started from and
 * its moves, read from the match's verdicts (`game-started`, each `move`, a `takeback` dropping
 * its plies). The engine's search takes the positions they passed through as its history, so it
 * sees a repetition of the game's earlier positions, not only of its own line.
 */
import type { Verdict } from '../../referee/verdicts.ts';

export interface GameLine {
  readonly start: string;
  readonly moves: readonly string[];
}

/**
 * The line that ends at `position` (the game's position now), or undefined where the verdicts
 * do not lead there (no `game-started` heard, a pass the move's verdict does not show): the
 * engine is then given the position alone, as it always can be.
 */
export function gameLine(verdicts: readonly Verdict[], position: string): GameLine | undefined {
  let from = -1;
  for (let i = verdicts.length - 1; i >= 0 && from < 0; i--) if (verdicts[i]!.type === 'game-started') from = i;
  const started = verdicts[from];
  if (started?.type !== 'game-started') return undefined;
  const moves: string[] = [];
  let at = started.position;
  for (const v of verdicts.slice(from + 1)) {
    if (v.type === 'move') {
      moves.push(v.move);
      at = v.position;
    } else if (v.type === 'takeback') {
      moves.splice(moves.length - v.plies, v.plies);
      at = v.position;
    }
  }
  return at === position ? { start: started.position, moves } : undefined;
}
