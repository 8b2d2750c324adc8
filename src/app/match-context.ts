/**
 * A match as the services that hear it see it (`Service.attach`): its bus, its journal header,
 * where it stands, its verdicts. One RefereeApp referees one match; a run referees one or
 * more on its board.
 */
import type { JournalHeader, JournalStatus } from '../journal/journal.ts';
import type { LiveLoads } from '../pipeline/live-loads.ts';
import type { Advice, OperatorAction } from '../referee/inputs.ts';
import type { RefereeSnapshot } from '../referee/snapshot.ts';
import type { Verdict } from '../referee/verdicts.ts';
import type { Scheduler } from '../util/scheduler.ts';
import type { EventBus, LinkStatus, LoggedVerdict } from './event-bus.ts';

export interface MatchContext {
  readonly bus: EventBus;
  readonly matchId: string;
  /** The journal's header: ruleset, players, settings, board profile, source. */
  readonly header: JournalHeader;
  /** Where the match stands now, with the link's health. */
  snapshot(): MatchSnapshot | undefined;
  /** An operator's action, as if typed on the referee's terminal. */
  operate(action: OperatorAction): readonly Verdict[];
  /**
   * An engine's advice for the game as it stands (the computer's move to carry out, a hint),
   * judged and journaled by the referee: the verdicts it gave (`computer-move`, `hint`, or a
   * `notice` when refused: a stale position, an illegal move, a computer move still pending).
   */
  advise(advice: Advice): readonly Verdict[];
  /** The loads sensing reads now, with the link's counters (a live view polls it). */
  liveLoads?(): LiveLoads | undefined;
  /**
   * The match's verdicts numbered above `after`, as its journal holds them (those of the
   * journal's earlier sessions as read at start, this run's as each was journaled): what a
   * store that fell behind, or a hub that missed some, catches up from.
   */
  verdictsAfter(after: number): readonly LoggedVerdict[];
  /** The seq of the match's last verdict so far (0 before any). */
  lastSeq(): number;
  /** The run's clock and timers. */
  readonly scheduler: Scheduler;
}

/** Where the match stands and how the board is connected: what a client that joins late asks for. */
export interface MatchSnapshot extends RefereeSnapshot {
  readonly ruleset: string;
  readonly link: LinkStatus;
  /** Which journal keeps the match now: its own file, a fallback, or none (the match is paused). */
  readonly journal: JournalStatus;
}
