// Opening a store: the migrations from an empty file, WAL and foreign keys, and a re-open
// that keeps the data and migrates nothing twice.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openStore, SCHEMA_VERSION } from '../../src/store/index.ts';
import { MIGRATIONS } from '../../src/store/schema.ts';
import { resolveStorePath } from '../../src/app/match-store-service.ts';
import { tempDir } from './helpers.ts';
import { INFO } from './fixtures.ts';

describe('openStore', () => {
  it('migrates an empty file to the latest schema, in WAL mode with foreign keys on', () => {
    const path = join(tempDir(), 'm.db');
    const opened = openStore(path);
    if (!opened.ok) throw new Error(opened.error.message);
    const store = opened.value;
    expect(store.schemaVersion).toBe(SCHEMA_VERSION);
    expect(SCHEMA_VERSION).toBe(MIGRATIONS.length);
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.db.pragma('foreign_keys', { simple: true })).toBe(1);
    const tables = (store.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map(
      (t) => t.name,
    );
    expect(tables).toEqual(
      ['boards', 'crashes', 'forfeits', 'fouls', 'games', 'matches', 'moves', 'players', 'schema_version', 'scores', 'verdicts'].sort(),
    );
    store.close();
  });

  it('re-opens a store as it was: the data kept, no migration run again', () => {
    const path = join(tempDir(), 'm.db');
    const first = openStore(path);
    if (!first.ok) throw new Error(first.error.message);
    first.value.recordMatch(INFO);
    first.value.close();
    const again = openStore(path);
    if (!again.ok) throw new Error(again.error.message);
    expect(again.value.schemaVersion).toBe(SCHEMA_VERSION);
    expect(again.value.list().map((m) => m.matchId)).toEqual([INFO.matchId]);
    expect(again.value.db.prepare('SELECT COUNT(*) AS n FROM schema_version').get()).toEqual({ n: 1 });
    again.value.close();
  });

  it('refuses a store of a newer schema, and a file that is not a database, with a code', () => {
    const path = join(tempDir(), 'm.db');
    const db = new Database(path);
    db.exec(`CREATE TABLE schema_version (version INTEGER NOT NULL); INSERT INTO schema_version VALUES (${SCHEMA_VERSION + 1})`);
    db.close();
    const opened = openStore(path);
    expect(opened.ok ? undefined : opened.error.code).toBe('TooNew');
    const dir = tempDir();
    const notDb = openStore(dir); // a directory
    expect(notDb.ok ? undefined : notDb.error.code).toBe('Unopenable');
  });
});

describe('resolveStorePath', () => {
  it('takes --db, else $SENRYAKU_MATCH_DB, else the XDG data directory', () => {
    expect(resolveStorePath('x.db', { SENRYAKU_MATCH_DB: 'y.db' }, '/home/u')).toBe('x.db');
    expect(resolveStorePath(undefined, { SENRYAKU_MATCH_DB: 'y.db' }, '/home/u')).toBe('y.db');
    expect(resolveStorePath(undefined, { XDG_DATA_HOME: '/data' }, '/home/u')).toBe('/data/senryaku/matches.db');
    expect(resolveStorePath(undefined, {}, '/home/u')).toBe('/home/u/.local/share/senryaku/matches.db');
  });
});
