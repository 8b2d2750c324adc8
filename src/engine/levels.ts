/**
 * The ten levels. A level is how far the engine looks (a depth and a node budget: the same on
 * every machine, so a level is the same player on a slow board computer and a fast laptop) and
 * how it chooses among the moves it looked at: the lower levels pick, at random from the seed,
 * among the moves that scored close to the best, and now and then (carelessly) among those a
 * little further off. No level picks a move the search saw lose by force while another does
 * not: a beginner is careless, never absurd.
 */
import type { Level, SearchLimits } from './types.ts';

export interface LevelPlay {
  /** The deepest iteration and the node budget of a search at this level (Infinity: the limits given decide). */
  readonly depth: number;
  readonly nodes: number;
  /** Root moves scoring within this many centi-units of the best are candidates. */
  readonly margin: number;
  /** How often the candidates are those within `carelessMargin` instead. */
  readonly carelessness: number;
  readonly carelessMargin: number;
}

const LEVEL_PLAY: { readonly [L in Level]: LevelPlay } = {
  1: { depth: 1, nodes: 2_000, margin: 120, carelessness: 0.25, carelessMargin: 300 },
  2: { depth: 2, nodes: 2_000, margin: 60, carelessness: 0.12, carelessMargin: 200 },
  3: { depth: 3, nodes: 400, margin: 30, carelessness: 0.06, carelessMargin: 100 },
  4: { depth: 64, nodes: 800, margin: 12, carelessness: 0.03, carelessMargin: 50 },
  5: { depth: 64, nodes: 1_600, margin: 0, carelessness: 0, carelessMargin: 0 },
  6: { depth: 64, nodes: 3_500, margin: 0, carelessness: 0, carelessMargin: 0 },
  7: { depth: 64, nodes: 8_000, margin: 0, carelessness: 0, carelessMargin: 0 },
  8: { depth: 64, nodes: 17_000, margin: 0, carelessness: 0, carelessMargin: 0 },
  9: { depth: 64, nodes: 36_000, margin: 0, carelessness: 0, carelessMargin: 0 },
  10: { depth: Infinity, nodes: Infinity, margin: 0, carelessness: 0, carelessMargin: 0 },
};

export const levelPlay = (level: Level): LevelPlay => LEVEL_PLAY[level];

/** The limits a search at this level keeps: the tighter of the level's and those asked for. */
export function levelLimits(level: Level, limits: SearchLimits): { depth: number; nodes: number; movetimeMs: number } {
  const play = LEVEL_PLAY[level];
  return {
    depth: Math.min(play.depth, limits.depth ?? Infinity),
    nodes: Math.min(play.nodes, limits.nodes ?? Infinity),
    movetimeMs: limits.movetimeMs ?? Infinity,
  };
}

/** Whether every root move needs an exact score (a level that chooses among near-best moves). */
export const choosesAmongMoves = (level: Level): boolean => LEVEL_PLAY[level].margin > 0 || LEVEL_PLAY[level].carelessness > 0;
