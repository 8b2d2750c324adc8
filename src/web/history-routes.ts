/**
 * Match history for the page: the matches of the store, one match's verdicts for the replay
 * with its game's drawing, and its analysis (the evaluation bar, the moves that lost).
 */
import type { ServerResponse } from 'node:http';
import type { AnalysisLimits } from '../analysis/analyse-game.ts';
import { analyseRecord, type MatchAnalysis } from '../analysis/analyse-match.ts';
import type { EngineGame } from '../engine/types.ts';
import { engineOnBoard } from '../rulesets/engine-on-board.ts';
import type { RulesetRegistry } from '../rulesets/ruleset-registry.ts';
import type { MatchStore, NumberedVerdict } from '../store/index.ts';
import { isJsonObject } from '../util/json.ts';
import { json } from './http-io.ts';
import { gameOf } from './match-info.ts';
import type { MatchVerdictsBody } from './protocol.ts';

/** `GET /api/matches/:id/analysis`: the analysis of a stored match (docs/analysis.md). */
export interface MatchAnalysisBody {
  readonly analysis: MatchAnalysis;
}

const NO_STORE = { error: 'this referee keeps no match store (--db off)' };

export function answerMatches(res: ServerResponse, store: MatchStore | undefined): void {
  if (!store) return json(res, 404, NO_STORE);
  return json(res, 200, { matches: store.list().slice(0, 100) });
}

export function answerMatchVerdicts(res: ServerResponse, store: MatchStore | undefined, rulesets: RulesetRegistry, id: string): void {
  if (!store) return json(res, 404, NO_STORE);
  const info = store.info(id);
  if (!info) return json(res, 404, { error: `no match ${id} in the store` });
  // The match may be of another game than the one on the board now: its own drawing goes with it.
  const { words, drawing } = gameOf(rulesets, info.ruleset);
  return json(res, 200, { match: info, verdicts: store.verdicts(id), words, ...(drawing ? { drawing } : {}) } satisfies MatchVerdictsBody);
}

/**
 * The dashboard's analysis of a stored match (src/analysis/), for the replay's evaluation bar
 * and its marked moves: each position to depth 4 or 10,000 nodes (cheaper than the analyse
 * command's default: one search is a few milliseconds to a few tens on this machine), the
 * work done a slice at a time between the server's other events, so that pages and the match
 * being refereed are heard while it runs. Kept per match and per number of verdicts (a match
 * still on is analysed again once it has more), the last few only.
 */
const WEB_ANALYSIS_LIMITS: AnalysisLimits = { depth: 4, nodes: 10_000 };
/** Searches follow each other for this long at most before the server hears its other events. */
const SLICE_MS = 15;
const KEPT_ANALYSES = 8;

interface AnalysisAnswer {
  readonly status: number;
  readonly body: MatchAnalysisBody | { readonly error: string };
}

export class MatchAnalyses {
  readonly #kept = new Map<string, Promise<AnalysisAnswer>>();
  /** The board profiles of the journal headers this server has heard, by match id and by the profile's name. */
  readonly #boards = { byMatch: new Map<string, unknown>(), byName: new Map<string, unknown>() };
  #stopped = false;

  /**
   * A match's journal header, as the server is attached to it: its board profile is what the
   * match is analysed on. The store keeps only the profile's name; a stored match of another run
   * is analysed on the profile of that name heard here, else on the game's reference board.
   */
  boardSeen(matchId: string, ruleset: string, profile: unknown): void {
    this.#boards.byMatch.set(matchId, profile);
    if (isJsonObject(profile) && typeof profile.name === 'string') this.#boards.byName.set(`${ruleset}\u0000${profile.name}`, profile);
  }

  /** Ends the work under way (the server stops): its requests are answered 503. */
  stop(): void {
    this.#stopped = true;
  }

  async answer(res: ServerResponse, store: MatchStore | undefined, rulesets: RulesetRegistry, id: string): Promise<void> {
    if (!store) return json(res, 404, NO_STORE);
    const info = store.info(id);
    if (!info) return json(res, 404, { error: `no match ${id} in the store` });
    const ruleset = rulesets.byId(info.ruleset);
    if (!ruleset.ok || ruleset.value.engine === undefined) return json(res, 404, { error: `no engine analyses ${info.ruleset}` });
    const named = info.board.profile;
    const profile =
      this.#boards.byMatch.get(id) ?? (named !== undefined ? this.#boards.byName.get(`${info.ruleset}\u0000${named}`) : undefined);
    const engine = engineOnBoard(ruleset.value, profile);
    if (!engine.ok) return json(res, 422, { error: `the match's board profile: ${engine.error}` });
    const verdicts = store.verdicts(id);
    // A board learnt later (the match resumed here) is another analysis.
    const key = `${id}\u0000${verdicts.length}\u0000${profile === undefined ? 'reference' : 'its board'}`;
    let answer = this.#kept.get(key);
    if (!answer) {
      answer = this.#analyse(engine.value, verdicts);
      this.#kept.set(key, answer);
      while (this.#kept.size > KEPT_ANALYSES) this.#kept.delete(this.#kept.keys().next().value!);
    }
    const { status, body } = await answer;
    if (status !== 200) this.#kept.delete(key);
    return json(res, status, body);
  }

  async #analyse(engine: EngineGame, verdicts: readonly NumberedVerdict[]): Promise<AnalysisAnswer> {
    const work = analyseRecord(
      engine,
      verdicts.map(({ verdict }) => ({ verdict })),
      WEB_ANALYSIS_LIMITS,
    );
    for (;;) {
      const until = performance.now() + SLICE_MS;
      for (;;) {
        const step = work.next();
        if (step.done === true) {
          if (!step.value.ok) return { status: 422, body: { error: `${step.value.error.code}: ${step.value.error.message}` } };
          return { status: 200, body: { analysis: step.value.value } };
        }
        if (performance.now() >= until) break;
      }
      await new Promise((resolve) => setImmediate(resolve));
      if (this.#stopped) return { status: 503, body: { error: 'the dashboard is stopping' } };
    }
  }
}
