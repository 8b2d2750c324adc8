/**
 * The match store as a service of the run: the store (src/store/) is opened when the service
 * starts, each match is filed while it is attached (its header's match, then every verdict
 * the bus logs), and the store is closed when the service stops. The journal is the match's
 * record: a store that cannot be opened is said, and the referee goes on without one
 * (`senryaku matches rebuild` files the match later).
 */
import { dirname } from 'node:path';
import { makeDirectories } from '../platform/make-directories.ts';
import { openStore, type MatchInfo, type MatchStore } from '../store/index.ts';
import type { TimerHandle } from '../util/scheduler.ts';
import type { LoggedVerdict } from './event-bus.ts';
import type { MatchContext } from './match-context.ts';
import { matchInfoOf } from './match-info.ts';
import type { NoticeLevel, Service } from './service.ts';

export { MATCH_DB_ENV, resolveStorePath } from './match-store-path.ts';

/**
 * How long a live run's store write waits for another program's lock: briefly, since the
 * wait holds up the refereeing; a write that times out is filed later (the service catches up).
 */
export const LIVE_STORE_BUSY_MS = 200;

/** Retries of a store that cannot be written: the first soon, then less often, never rarer than the last. */
export const STORE_RETRY_MS = [1000, 2000, 5000, 10_000] as const;

/** The store a live run files in, at `path` (its directory made); undefined when it cannot be opened, said. */
export function openLiveStore(path: string, notice: (level: NoticeLevel, message: string) => void): MatchStore | undefined {
  try {
    makeDirectories(dirname(path));
  } catch (e) {
    notice('warn', `no match store: cannot create ${dirname(path)} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
    return undefined;
  }
  const opened = openStore(path, { busyTimeoutMs: LIVE_STORE_BUSY_MS });
  if (opened.ok) return opened.value;
  notice('warn', `no match store: ${opened.error.message}; the journal keeps the match (senryaku matches rebuild)`);
  return undefined;
}

export class MatchStoreService implements Service {
  readonly name = 'match-store';
  private opened: MatchStore | undefined;
  private filing: MatchFiling | undefined;

  /** `open`: the store for the run (undefined: none), called by start(); the service closes it at stop(). */
  constructor(private readonly open: () => MatchStore | undefined) {}

  /** The store, from start() to stop(), when there is one. */
  get store(): MatchStore | undefined {
    return this.opened;
  }

  async start(): Promise<void> {
    this.opened = this.open();
  }

  attach(match: MatchContext): void {
    this.detach();
    if (!this.opened) return;
    this.filing = new MatchFiling(this.opened, match);
    this.filing.start();
  }

  detach(): void {
    this.filing?.stop();
    this.filing = undefined;
  }

  async stop(): Promise<void> {
    this.detach();
    this.opened?.close();
    this.opened = undefined;
  }
}

/**
 * Files one match and each verdict as it is logged. The store may fail (locked by another
 * program, a full disk): the verdict stays in the journal, the filing falls behind, says so
 * once, and retries on a timer; the first write that works files every verdict after the last
 * one it filed, from the journal, in one transaction. At start it files whatever the journal
 * holds that the store lacks (a resumed match's earlier sessions, a verdict journaled but never
 * announced before a crash, a run without the store).
 */
class MatchFiling {
  /** Every verdict up to this seq is in the store. */
  private filed = 0;
  /** Why the store stopped taking verdicts, while it is behind. */
  private fault: string | undefined;
  private retries = 0;
  private timer: TimerHandle | undefined;
  private readonly info: MatchInfo;

  constructor(
    private readonly store: MatchStore,
    private readonly match: MatchContext,
  ) {
    this.info = matchInfoOf(match.header);
  }

  start(): void {
    const { bus, matchId } = this.match;
    bus.on('logged', this, (l) => {
      if (l.matchId === matchId) this.onLogged(l);
    });
    this.catchUp(true);
  }

  stop(): void {
    this.match.bus.removeListeners(this);
    this.match.scheduler.clear(this.timer);
    this.timer = undefined;
    if (this.fault !== undefined && !this.catchUp(false)) {
      const left = this.match.lastSeq() - this.filed;
      this.say(
        'warn',
        `the match store still cannot be written (${this.fault}): ${left} verdict${left === 1 ? '' : 's'} of match ${this.match.matchId} are only in the journal; --resume or senryaku matches rebuild files them`,
      );
    }
  }

  private onLogged(l: LoggedVerdict): void {
    if (this.fault !== undefined) return; // the retry files it, with those before it
    if (l.seq <= this.filed) return; // a repeat: filed already
    if (l.seq !== this.filed + 1) {
      this.catchUp(false);
      return;
    }
    try {
      this.store.recordVerdict(this.info, l.seq, l.verdict);
      this.filed = l.seq;
    } catch (e) {
      this.fellBehind(e);
    }
  }

  /**
   * Files every verdict of the journal after the last one filed (at start: every one the store
   * lacks, holes included). True when the store holds them all.
   */
  private catchUp(atStart: boolean): boolean {
    const { matchId } = this.match;
    try {
      this.store.recordMatch(this.info);
      let late: readonly LoggedVerdict[];
      if (atStart) {
        const stored = new Set(this.store.seqs(matchId));
        late = this.match.verdictsAfter(0).filter((v) => !stored.has(v.seq));
      } else late = this.match.verdictsAfter(this.filed);
      const added = late.length > 0 ? this.store.recordVerdicts(this.info, late) : 0;
      this.filed = this.match.lastSeq();
      const was = this.fault;
      this.fault = undefined;
      this.retries = 0;
      if (was !== undefined)
        this.say('info', `the match store can be written again: ${added} verdict${added === 1 ? '' : 's'} filed late from the journal`);
      else if (atStart && added > 0)
        this.say('info', `the match store lacked ${added} verdict${added === 1 ? '' : 's'} of this match: filed from the journal`);
      return true;
    } catch (e) {
      this.fellBehind(e);
      return false;
    }
  }

  private fellBehind(e: unknown): void {
    const why = storeFault(e);
    if (this.fault === undefined)
      this.say(
        'warn',
        `the match store cannot be written (${why}): the journal keeps every verdict, and they are filed as soon as it can be`,
      );
    this.fault = why;
    this.match.scheduler.clear(this.timer);
    const wait = STORE_RETRY_MS[Math.min(this.retries++, STORE_RETRY_MS.length - 1)]!;
    this.timer = this.match.scheduler.setTimeout(() => {
      this.timer = undefined;
      this.catchUp(false);
    }, wait);
  }

  private say(level: 'info' | 'warn', message: string): void {
    this.match.bus.emit('notice', { level, message });
  }
}

/** A store error in a few words: SQLite's code and message (SQLITE_BUSY: database is locked). */
function storeFault(e: unknown): string {
  const code = (e as { code?: unknown }).code;
  const message = e instanceof Error ? e.message : String(e);
  return typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message;
}
