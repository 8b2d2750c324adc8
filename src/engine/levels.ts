/**
 * The ten levels. A level is how far the engine looks (a depth and a node budget: the same on
 * every machine, so a level is the same player on a slow board computer and a fast laptop) and
 * how it chooses among the moves it looked at: levels 1–3 pick, at random from the seed, among
 * the moves that scored close to the best, and every level below 10 now and then (carelessly)
 * among those a little further off. No level picks a move the search saw lose by force while
 * another does not: a beginner is careless, never absurd.
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
 * Levels 1–3 look one or two plies and always choose among the near-best moves. From level 4 a
 * level searches a node budget about three times the last one's (about a ply deeper: a full search
 * from the ladder's openings costs, cumulative over depths 3 to 7, Senryaku about 600, 1,800,
 * 12,000, 40,000 and 250,000 nodes, Surakarta 1,000, 4,500, 22,000, 75,000 and 290,000), a depth cut
 * short still counting (a better root move it found is kept), and is careless less often than the
 * level below (30 % of its moves down to 8 %, among moves from 200 down to 80 centi-units off the
 * best). A choosing level's root needs exact scores only within the margin it drew (search.ts),
 * so carelessness costs it little depth.
 *
 * Depth alone does not part two levels in Senryaku: between searches a few plies apart the first
 * move decides most games (level 8 against level 6, eleven times the nodes, won both games of an
 * opening in half the openings and lost both in a tenth; the rest went to the side that moved
 * first). A level that now and then plays a move a little off the best, as a person of its
 * strength does, loses some of the games its colour would have won.
 */
const LEVEL_PLAY: { readonly [L in Level]: LevelPlay } = {
  1: { depth: 1, nodes: 2_000, margin: 150, carelessness: 0.3, carelessMargin: 400 },
  2: { depth: 1, nodes: 2_000, margin: 80, carelessness: 0.15, carelessMargin: 250 },
  3: { depth: 2, nodes: 4_000, margin: 60, carelessness: 0.15, carelessMargin: 200 },
  4: { depth: 64, nodes: 700, margin: 0, carelessness: 0.3, carelessMargin: 200 },
  5: { depth: 64, nodes: 1_800, margin: 0, carelessness: 0.25, carelessMargin: 150 },
  6: { depth: 64, nodes: 5_000, margin: 0, carelessness: 0.2, carelessMargin: 120 },
  7: { depth: 64, nodes: 16_000, margin: 0, carelessness: 0.18, carelessMargin: 100 },
  8: { depth: 64, nodes: 52_000, margin: 0, carelessness: 0.1, carelessMargin: 90 },
  9: { depth: 64, nodes: 170_000, margin: 0, carelessness: 0.08, carelessMargin: 80 },
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
