/**
 * Where a resumed match stands: the referee state rebuilt from the journal's inputs (the
 * referee is a pure reducer, so folding them again gives exactly the state the last session
 * ended in), and the board a simulated board should show to continue from there.
 */
import type { RefereeInput } from '../referee/inputs.ts';
import { replayInputs, type RulesetReferee } from '../referee/referee.ts';
import type { BoardToContinue } from '../referee/referee.ts';
import type { JournalContents, JournalHeader } from './journal.ts';
import type { Ruleset } from '../rulesets/ruleset.ts';
import type { Result } from '../util/result.ts';
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
 * What a board is set up with to go on with the journaled match, refereed as its header says
 * by the game it names, or that the match is over. The header was checked when the journal
 * was read, so a referee that cannot be made from it is a bug.
 */
export function resumeSetup(contents: JournalContents, ruleset: Ruleset): BoardToContinue {
  const referee = journalReferee(contents.header, ruleset);
  if (!referee.ok) throw new Error(`journal header: ${referee.error}`);
  return referee.value.continueFrom(resumePoint(contents, referee.value).state);
}

/** The game's own settings of a journal header: the players are the app's. */
export function ownSettings(contents: JournalContents): JournalContents['header']['settings'] {
  const { players: _players, ...own } = contents.header.settings;
  return own as JournalContents['header']['settings'];
}

/** The referee of a journal's match: its game's, with the settings and board profile of its header (the players apart). */
export function journalReferee(header: JournalHeader, ruleset: Ruleset): Result<RulesetReferee<unknown>, string> {
  const { players: _players, ...own } = header.settings;
  return ruleset.referee.fromJson(own, header.profile);
}
