/**
 * The match store as a session service, and its rebuild from journals. The store (src/store/)
 * knows no journal: this is where a journal header becomes the store's `MatchInfo` and the
 * bus's `logged` verdicts become rows. The journal stays the source of truth: `rebuild`
 * files every journal's verdicts again, numbered as the live session numbered them (seq
 * counts a match's verdicts from 1 across its sessions), so the rows are the same.
 */
import { readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { BUILT_IN_RULESETS, type RulesetRegistry } from '../games/registry.ts';
import { parseCalibrationText } from '../sensing/calibration.ts';
import type { MatchInfo, MatchStore } from '../store/index.ts';
import type { TimerHandle } from '../util/scheduler.ts';
import { isJsonObject } from '../util/json.ts';
import type { LoggedVerdict } from './event-bus.ts';
import { JOURNAL_EXTENSION, readJournal, type JournalContents, type JournalHeader } from '../journal/journal.ts';
import type { SessionContext } from './referee-app.ts';
import type { Service } from './service.ts';

export const MATCH_DB_ENV = 'SENRYAKU_MATCH_DB';

/** Where the match store lives: --db, else $SENRYAKU_MATCH_DB, else the XDG data directory. */
export function resolveStorePath(option: string | undefined, env: NodeJS.ProcessEnv = process.env, home = homedir()): string {
  if (option) return option;
  if (env[MATCH_DB_ENV]) return env[MATCH_DB_ENV];
  const data = env.XDG_DATA_HOME ? env.XDG_DATA_HOME : join(home, '.local', 'share');
  return join(data, 'senryaku', 'matches.db');
}

const hex8 = (n: number): string => n.toString(16).toUpperCase().padStart(8, '0');

/** The match of a journal header, as the store files it. */
export function matchInfoOf(header: JournalHeader, rulesets: RulesetRegistry = BUILT_IN_RULESETS): MatchInfo {
  const ruleset = rulesets.byId(header.ruleset);
  const src = header.source;
  const site = src.kind === 'sim' ? `simulated board (seed ${src.seed})` : `port ${src.path}`;
  const calibration = parseCalibrationText(header.calibration);
  const p = header.profile;
  const profile = isJsonObject(p) && typeof p.name === 'string' ? p.name : undefined;
  return {
    matchId: header.matchId,
    ruleset: header.ruleset,
    event: `${ruleset.ok ? ruleset.value.name : header.ruleset} match`,
    startedAt: header.startedAt,
    players: { A: header.settings.players.A, B: header.settings.players.B },
    board: { key: calibration.ok ? hex8(calibration.value.boardId) : site, site, ...(profile !== undefined ? { profile } : {}) },
    settings: header.settings,
  };
}

/**
 * How long a live session's store write waits for another program's lock: briefly, since the
 * wait holds up the refereeing; a write that times out is filed later (the service catches up).
 */
export const LIVE_STORE_BUSY_MS = 200;

/** Retries of a store that cannot be written: the first soon, then less often, never rarer than the last. */
export const STORE_RETRY_MS = [1000, 2000, 5000, 10_000] as const;

/**
 * Files the session's match and each verdict as it is logged. The store may fail (locked by
 * another program, a full disk): the verdict stays in the journal, the service falls behind,
 * says so once, and retries on a timer; the first write that works files every verdict after
 * the last one it filed, from the journal, in one transaction. At start it files whatever
 * the journal holds that the store lacks (a resumed match's earlier sessions, a verdict
 * journaled but never announced before a crash, a session that ran without the store).
 */
class MatchStoreService implements Service {
  readonly name = 'match-store';
  /** Every verdict up to this seq is in the store. */
  private filed = 0;
  /** Why the store stopped taking verdicts, while it is behind. */
  private fault: string | undefined;
  private retries = 0;
  private timer: TimerHandle | undefined;
  private readonly info: MatchInfo;

  constructor(
    private readonly store: MatchStore,
    private readonly session: SessionContext,
  ) {
    this.info = matchInfoOf(session.header);
  }

  async start(): Promise<void> {
    const { bus, matchId } = this.session;
    bus.on('logged', this, (l) => {
      if (l.matchId === matchId) this.onLogged(l);
    });
    this.catchUp(true);
  }

  async stop(): Promise<void> {
    this.session.bus.removeListeners(this);
    this.session.scheduler.clear(this.timer);
    this.timer = undefined;
    if (this.fault !== undefined && !this.catchUp(false)) {
      const left = this.session.lastSeq() - this.filed;
      this.say(
        'warn',
        `the match store still cannot be written (${this.fault}): ${left} verdict${left === 1 ? '' : 's'} of match ${this.session.matchId} are only in the journal; --resume or senryaku matches rebuild files them`,
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
    const { matchId } = this.session;
    try {
      this.store.recordMatch(this.info);
      let late: readonly LoggedVerdict[];
      if (atStart) {
        const stored = new Set(this.store.seqs(matchId));
        late = this.session.verdictsAfter(0).filter((v) => !stored.has(v.seq));
      } else late = this.session.verdictsAfter(this.filed);
      const added = late.length > 0 ? this.store.recordVerdicts(this.info, late) : 0;
      this.filed = this.session.lastSeq();
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
    this.session.scheduler.clear(this.timer);
    const wait = STORE_RETRY_MS[Math.min(this.retries++, STORE_RETRY_MS.length - 1)]!;
    this.timer = this.session.scheduler.setTimeout(() => {
      this.timer = undefined;
      this.catchUp(false);
    }, wait);
  }

  private say(level: 'info' | 'warn', message: string): void {
    this.session.bus.emit('notice', { level, message });
  }
}

/** A store error in a few words: SQLite's code and message (SQLITE_BUSY: database is locked). */
function storeFault(e: unknown): string {
  const code = (e as { code?: unknown }).code;
  const message = e instanceof Error ? e.message : String(e);
  return typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message;
}

/**
 * The match store as a service of a refereed session (`RefereeAppConfig.services`): files
 * the session's match when it starts and every verdict as it is logged, catching up from the
 * journal after a fault. The caller opens the store and closes it after the session has stopped.
 */
export const matchStoreService =
  (store: MatchStore) =>
  (session: SessionContext): Service =>
    new MatchStoreService(store, session);

/** Files one journal's match and verdicts; returns how many verdicts were new. */
export function recordJournal(store: MatchStore, journal: JournalContents): number {
  const info = matchInfoOf(journal.header);
  const verdicts = journal.records.flatMap((r) => (r.kind === 'verdict' ? [r.verdict] : [])).map((verdict, i) => ({ seq: i + 1, verdict }));
  return store.db.transaction((): number => {
    store.recordMatch(info);
    return store.recordVerdicts(info, verdicts);
  })();
}

export interface RebuildReport {
  readonly matches: number;
  readonly verdicts: number;
  /** Journals that could not be read: left out, each said. */
  readonly problems: readonly string[];
}

/** The journals of a directory (a path naming a file is taken as one journal). */
export function journalFiles(dirOrFiles: string | readonly string[]): string[] {
  if (typeof dirOrFiles !== 'string') return [...dirOrFiles];
  return readdirSync(dirOrFiles)
    .filter((f) => f.endsWith(JOURNAL_EXTENSION))
    .sort()
    .map((f) => join(dirOrFiles, f));
}

/**
 * Empties the store and files every journal again, oldest match first (the order the live
 * sessions filed them), so the store is what the live runs wrote, row for row.
 */
export function rebuildFromJournals(store: MatchStore, dirOrFiles: string | readonly string[]): RebuildReport {
  const problems: string[] = [];
  const journals: JournalContents[] = [];
  for (const path of journalFiles(dirOrFiles)) {
    const read = readJournal(path);
    if (read.ok) journals.push(read.value);
    else problems.push(read.error.message);
  }
  journals.sort((a, b) => a.header.startedAt.localeCompare(b.header.startedAt) || a.header.matchId.localeCompare(b.header.matchId));
  let verdicts = 0;
  store.db.transaction(() => {
    store.clear();
    for (const j of journals) verdicts += recordJournal(store, j);
  })();
  return { matches: journals.length, verdicts, problems };
}
