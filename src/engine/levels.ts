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

/*
 * The budgets, from what a full search (level 10's: only the best root move's score exact) costs
 * from the random openings of the ladder, cumulative over depths 3 to 7: Senryaku about 600, 1,800,
 * 12,000, 40,000 and 250,000 nodes, Surakarta about 1,000, 4,500, 22,000, 75,000 and 290,000. A
 * level choosing among moves needs every root score exact, several times dearer (depth 3: 1,600
 * and 3,000–5,000), so level 3 has room to finish depth 3. From level 4 each budget is two to three
 * times the last, and a depth cut short still counts (a better root move it found is kept).
 */
const LEVEL_PLAY: { readonly [L in Level]: LevelPlay } = {
  1: { depth: 1, nodes: 2_000, margin: 120, carelessness: 0.25, carelessMargin: 300 },
  2: { depth: 2, nodes: 2_000, margin: 60, carelessness: 0.12, carelessMargin: 200 },
  3: { depth: 3, nodes: 6_000, margin: 40, carelessness: 0.1, carelessMargin: 150 },
  4: { depth: 64, nodes: 1_000, margin: 0, carelessness: 0, carelessMargin: 0 },
  5: { depth: 64, nodes: 3_000, margin: 0, carelessness: 0, carelessMargin: 0 },
  6: { depth: 64, nodes: 8_000, margin: 0, carelessness: 0, carelessMargin: 0 },
  7: { depth: 64, nodes: 16_000, margin: 0, carelessness: 0, carelessMargin: 0 },
  8: { depth: 64, nodes: 30_000, margin: 0, carelessness: 0, carelessMargin: 0 },
  9: { depth: 64, nodes: 60_000, margin: 0, carelessness: 0, carelessMargin: 0 },
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
