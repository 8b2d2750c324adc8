/** Shared by the store tests: a temporary store, and every row of it. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type MatchStore } from '../../src/store/index.ts';
import { DATA_TABLES } from '../../src/store/schema.ts';

export const tempDir = (prefix = 'senryaku-store-'): string => mkdtempSync(join(tmpdir(), prefix));

export function tempStore(dir = tempDir()): MatchStore {
  const opened = openStore(join(dir, 'matches.db'));
  if (!opened.ok) throw new Error(opened.error.message);
  return opened.value;
}

/** Every row of every data table, in a stable order. */
export function dump(store: MatchStore): Record<(typeof DATA_TABLES)[number], unknown[]> {
  return Object.fromEntries(DATA_TABLES.map((t) => [t, store.db.prepare(`SELECT * FROM ${t} ORDER BY rowid`).all()])) as Record<
    (typeof DATA_TABLES)[number],
    unknown[]
  >;
}

/** The keys each data table is ordered by in `rowsByKey`. */
const KEYS: Record<(typeof DATA_TABLES)[number], string> = {
  boards: 'key',
  players: 'name',
  matches: 'id',
  verdicts: 'match_id, seq',
  games: 'match_id, number',
  moves: 'match_id, game, ply',
  fouls: 'match_id, seq',
  crashes: 'match_id, seq',
  forfeits: 'match_id, seq',
  scores: 'match_id, game',
};

/**
 * Every row of every data table, each table in its keys' order: a verdict filed late has a
 * later rowid than its neighbours, not other contents.
 */
export function rowsByKey(store: MatchStore): Record<(typeof DATA_TABLES)[number], unknown[]> {
  return Object.fromEntries(DATA_TABLES.map((t) => [t, store.db.prepare(`SELECT * FROM ${t} ORDER BY ${KEYS[t]}`).all()])) as Record<
    (typeof DATA_TABLES)[number],
    unknown[]
  >;
}
