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
import { BUILT_IN_RULESETS, type RulesetRegistry } from '../rulesets/registry.ts';
import { parseCalibrationText } from '../sensing/calibration.ts';
import type { MatchInfo, MatchStore } from '../store/index.ts';
import { isJsonObject } from '../util/json.ts';
import { JOURNAL_EXTENSION, readJournal, type JournalContents, type JournalHeader } from './journal.ts';
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

class MatchStoreService implements Service {
  readonly name = 'match-store';

  constructor(
    private readonly store: MatchStore,
    private readonly session: SessionContext,
  ) {}

  async start(): Promise<void> {
    const { bus, header, matchId } = this.session;
    const info = matchInfoOf(header);
    this.store.recordMatch(info);
    // A throwing listener is reported on the bus as a notice; the match goes on.
    bus.on('logged', this, (l) => {
      if (l.matchId === matchId) this.store.recordVerdict(info, l.seq, l.verdict);
    });
  }

  async stop(): Promise<void> {
    this.session.bus.removeListeners(this);
  }
}

/**
 * The match store as a service of a refereed session (`RefereeAppConfig.services`): files
 * the session's match when it starts and every verdict as it is logged. The caller opens
 * the store and closes it after the session has stopped.
 */
export const matchStoreService =
  (store: MatchStore) =>
  (session: SessionContext): Service =>
    new MatchStoreService(store, session);

/** Files one journal's match and verdicts; returns how many verdicts were new. */
export function recordJournal(store: MatchStore, journal: JournalContents): number {
  const info = matchInfoOf(journal.header);
  return store.db.transaction((): number => {
    store.recordMatch(info);
    let seq = 0;
    let added = 0;
    for (const r of journal.records) if (r.kind === 'verdict' && store.recordVerdict(info, ++seq, r.verdict)) added++;
    return added;
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
