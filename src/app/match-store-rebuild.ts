/**
 * The match store rebuilt from journals (`senryaku matches rebuild`). The journal stays the
 * source of truth: every journal's verdicts are filed again, numbered as the live run numbered
 * them (seq counts a match's verdicts from 1 across its journal's sessions), so the rows are
 * the same as the live run's.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { JOURNAL_EXTENSION, readJournal, type JournalContents } from '../journal/journal.ts';
import type { MatchStore } from '../store/index.ts';
import { matchInfoOf } from './match-info.ts';

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
 * runs filed them), so the store is what the live runs wrote, row for row.
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
