/**
 * Where a resumed match stands: the referee state rebuilt from the journal's inputs (the
 * referee is a pure reducer, so folding them again gives exactly the state the last session
 * ended in), and the board a simulated board should show to continue from there.
 */
import type { RefereeInput } from '../referee/inputs.ts';
import { replayInputs, type RulesetReferee } from '../referee/referee.ts';
import type { SenryakuRefereeState } from '../games/senryaku/referee.ts';
import { START_SPN, formatSpn } from '../rules/senryaku/spn.ts';
import type { JournalContents } from './journal.ts';
import type { Verdict } from '../referee/verdicts.ts';

export interface ResumePoint<S> {
  readonly state: S;
  /** Time of the last journaled input: the referee's clock goes on from there. */
  readonly lastInputMs: number | undefined;
}

export function resumePoint<S>(contents: JournalContents, referee: RulesetReferee<S>): ResumePoint<S> {
  const inputs = contents.records.flatMap((r) => (r.kind === 'input' ? [r.input] : []));
  return { state: replayInputs(referee, inputs).state, lastInputMs: lastInputMs(inputs) };
}

export const lastInputMs = (inputs: readonly RefereeInput[]): number | undefined =>
  inputs.length === 0 ? undefined : inputs.reduce((m, i) => Math.max(m, i.atMs), -Infinity);

/** A journaled verdict with its number in the match (from 1, across sessions). */
export interface NumberedVerdict {
  readonly seq: number;
  readonly verdict: Verdict;
}

/**
 * The verdicts the journal holds after the last `announced` mark: journaled, but perhaps
 * never said (the host was killed between the flush and the announcement, or before the mark
 * reached the disk). A resume says them again, marked repeated. A journal older than the marks
 * (version < 5) without any counts as said in full, as its referee did.
 */
export function unannouncedVerdicts(contents: JournalContents): NumberedVerdict[] {
  const verdicts: Verdict[] = [];
  let said: number | undefined;
  for (const r of contents.records) {
    if (r.kind === 'verdict') verdicts.push(r.verdict);
    else if (r.kind === 'announced') said = Math.max(said ?? 0, r.seq);
  }
  const from = said ?? (contents.header.version >= 5 ? 0 : verdicts.length);
  return verdicts.slice(from).map((verdict, i) => ({ seq: from + i + 1, verdict }));
}

/**
 * The spheres a simulated board is set up with to continue the match: the last legal
 * position of a game in progress; between games, the start position of the next one
 * (the players have set it up, so the referee starts the next game at once).
 */
export function resumeBoardSpn(state: SenryakuRefereeState): string {
  switch (state.phase) {
    case 'play':
    case 'foul':
    case 'resync':
      return formatSpn(state.game.position);
    case 'setup':
      return state.settings.firstPosition && state.match.games.length === 0 ? formatSpn(state.settings.firstPosition) : START_SPN;
    case 'match-over': // ended by a holding forfeit, resumed for the operator to attribute it: the board as it was left
      return state.holding ? formatSpn(state.game.position) : START_SPN;
    default:
      return START_SPN;
  }
}
