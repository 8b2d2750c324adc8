/** How far the analysis searches each position: kept apart so that a command checks its flags without loading the search. */
import { levelPlay } from '../engine/levels.ts';
import type { Level } from '../engine/types.ts';
import type { AnalysisLimits } from './analyse-game.ts';

/**
 * Each position to depth 5, or 20,000 nodes where that comes first: a Senryaku match of 60
 * moves in 2.4 s of CPU, a Surakarta match of 173 in 6.3 s (docs/analysis.md has the figures).
 */
export const DEFAULT_LIMITS: AnalysisLimits = { depth: 5, nodes: 20_000 };

/**
 * The limits of a level's search (its depth and node budget): levels 1 to 9. Level 10 has no
 * budget of its own (a clock decides its moves), so it is no limit here.
 */
export function limitsOfLevel(level: Level): AnalysisLimits | undefined {
  const play = levelPlay(level);
  return Number.isFinite(play.depth) && Number.isFinite(play.nodes) ? { depth: play.depth, nodes: play.nodes } : undefined;
}
