/**
 * The referee contract a ruleset implements: a pure reducer from (state, input) to
 * (state, verdicts). The app owns time, I/O and the journal; the reducer owns the rules.
 * Because it is pure, replaying the journaled inputs rebuilds the state exactly.
 */
import type { RefereeInput } from './inputs.ts';
import type { RefereeSnapshot } from './snapshot.ts';
import type { Verdict } from './verdicts.ts';

export interface RefereeStep<S> {
  readonly state: S;
  readonly verdicts: readonly Verdict[];
}

/** What a board is set up with to go on with a match (a position in the game's notation), or that the match is over. */
export type BoardToContinue = { readonly over: true } | { readonly over: false; readonly position: string };

export interface RulesetReferee<S> {
  readonly ruleset: string;
  initialState(): S;
  step(state: S, input: RefereeInput): RefereeStep<S>;
  /** Where the match stands, for a client that joins late. */
  snapshot(state: S): RefereeSnapshot;
  /** What a board is set up with to go on from this state (a resumed match), or that the match is over. */
  continueFrom(state: S): BoardToContinue;
}

/** Folds many inputs, collecting every verdict (replay, restore from a journal). */
export function replayInputs<S>(
  referee: RulesetReferee<S>,
  inputs: Iterable<RefereeInput>,
  from: S = referee.initialState(),
): RefereeStep<S> {
  let state = from;
  const verdicts: Verdict[] = [];
  for (const input of inputs) {
    const next = referee.step(state, input);
    state = next.state;
    verdicts.push(...next.verdicts);
  }
  return { state, verdicts };
}
