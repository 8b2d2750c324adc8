/** Match history for the page: the matches of the store, and one match's verdicts for the replay with its game's drawing. */
import type { ServerResponse } from 'node:http';
import type { RulesetRegistry } from '../rulesets/ruleset-registry.ts';
import type { MatchStore } from '../store/index.ts';
import { json } from './http-io.ts';
import { gameOf } from './match-info.ts';
import type { MatchVerdictsBody } from './protocol.ts';

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
