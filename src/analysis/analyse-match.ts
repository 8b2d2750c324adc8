/**
 * A recorded match through the engine, game after game (src/analysis/analyse-game.ts), and
 * the mistakes each player made. What the command line prints (`senryaku analyse`) and the
 * dashboard's history replay draws; docs/analysis.md describes it.
 */
import { Searcher } from '../engine/search.ts';
import type { EngineGame } from '../engine/types.ts';
import type { ByPlayer } from '../rules/match/track.ts';
import { ok, type Result } from '../util/result.ts';
import { analyseGame, type AnalysisLimits, type GameAnalysis } from './analyse-game.ts';
import type { AnalysisProblem } from './problem.ts';
import { recordedGames, type SourcedVerdict } from './recorded-games.ts';

export interface MatchAnalysis {
  /** The game's id (as `--rules` names it). */
  readonly ruleset: string;
  readonly limits: AnalysisLimits;
  readonly games: readonly GameAnalysis[];
  /** The moves marked (lost or crashed when the mover could have avoided it), per player. */
  readonly mistakes: ByPlayer<number>;
}

/** The analysis of a match record's verdicts; yields after each search (see analyseGame). */
export function* analyseRecord(
  engine: EngineGame,
  verdicts: readonly SourcedVerdict[],
  limits: AnalysisLimits,
): Generator<void, Result<MatchAnalysis, AnalysisProblem>, void> {
  const games = recordedGames(verdicts);
  if (!games.ok) return games;
  const searcher = new Searcher();
  const analysed: GameAnalysis[] = [];
  for (const game of games.value) {
    const one = yield* analyseGame(engine, game, limits, searcher);
    if (!one.ok) return one;
    analysed.push(one.value);
  }
  const mistakes = { A: 0, B: 0 };
  for (const g of analysed) for (const p of g.plies) if (p.mark !== undefined) mistakes[p.player]++;
  return ok({ ruleset: engine.id, limits, games: analysed, mistakes });
}

/** Runs a generator of work to its end at once (the command line: nothing else waits on it). */
export function runThrough<T>(work: Generator<void, T, void>): T {
  for (;;) {
    const step = work.next();
    if (step.done === true) return step.value;
  }
}
