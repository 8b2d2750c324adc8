/**
 * The match store's schema, as ordered migrations. `schema_version` holds the number of the
 * last migration applied; opening a store applies the ones after it, each in its own
 * transaction, so a store of any earlier version is brought up to date and a new file starts
 * from migration 1. A migration is never edited once released: a change is a new one.
 *
 * Verdicts are keyed by (match id, seq), seq counting the match's verdicts from 1 across
 * every session of its journal: a hub that hears the same verdict twice keeps it once. Every
 * other table is derived from the verdicts (and the match's header) and holds nothing else.
 */
export interface Migration {
  readonly version: number;
  readonly sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE boards (
        id INTEGER PRIMARY KEY,
        key TEXT NOT NULL UNIQUE,      -- the board id of its calibration (hex), else its site
        profile TEXT                   -- the board profile it was first seen with
      );
      CREATE TABLE players (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE
      );
      CREATE TABLE matches (
        id TEXT PRIMARY KEY,
        ruleset TEXT NOT NULL,
        event TEXT NOT NULL,
        started_at TEXT NOT NULL,      -- ISO 8601, UTC
        board INTEGER NOT NULL REFERENCES boards(id),
        site TEXT NOT NULL,            -- "simulated board (seed 1)", "port /dev/ttyACM0"
        profile TEXT,
        player_a INTEGER NOT NULL REFERENCES players(id),
        player_b INTEGER NOT NULL REFERENCES players(id),
        settings TEXT NOT NULL,        -- JSON
        result TEXT CHECK (result IN ('A', 'B', 'draw')),  -- NULL while the match is on
        games_played INTEGER
      );
      CREATE INDEX matches_started ON matches(started_at);
      CREATE TABLE verdicts (
        match_id TEXT NOT NULL REFERENCES matches(id),
        seq INTEGER NOT NULL CHECK (seq >= 1),
        type TEXT NOT NULL,
        at_ms REAL NOT NULL,
        game INTEGER,                  -- the game it came in (NULL before the first)
        json TEXT NOT NULL,
        UNIQUE (match_id, seq)
      );
      CREATE TABLE games (
        match_id TEXT NOT NULL REFERENCES matches(id),
        number INTEGER NOT NULL,
        first_side TEXT NOT NULL,      -- the side that moves first, in the game's words
        second_side TEXT NOT NULL,
        first_player TEXT NOT NULL CHECK (first_player IN ('A', 'B')),
        second_player TEXT NOT NULL CHECK (second_player IN ('A', 'B')),
        position TEXT NOT NULL,        -- where the game started
        started_seq INTEGER NOT NULL,
        result TEXT NOT NULL DEFAULT '*' CHECK (result IN ('1-0', '0-1', '1/2-1/2', '*')),
        winner_side TEXT,
        termination TEXT,
        points_a REAL,
        points_b REAL,
        ended_seq INTEGER,
        PRIMARY KEY (match_id, number)
      );
      CREATE TABLE moves (
        match_id TEXT NOT NULL,
        game INTEGER NOT NULL,
        ply INTEGER NOT NULL,          -- 1, 2, ... in the game (a pass has no ply)
        seq INTEGER NOT NULL,
        at_ms REAL NOT NULL,
        side TEXT NOT NULL,
        notation TEXT NOT NULL,
        position TEXT NOT NULL,        -- the position after the move
        extras TEXT,                   -- JSON: what only some games say (balance.tipMargin, captureOrder)
        PRIMARY KEY (match_id, game, ply),
        FOREIGN KEY (match_id, game) REFERENCES games(match_id, number)
      );
      CREATE TABLE fouls (
        match_id TEXT NOT NULL,
        game INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        after_ply INTEGER NOT NULL,
        at_ms REAL NOT NULL,
        side TEXT NOT NULL,
        code TEXT NOT NULL,
        message TEXT NOT NULL,
        count INTEGER NOT NULL,
        restore TEXT NOT NULL,         -- JSON
        PRIMARY KEY (match_id, seq),
        FOREIGN KEY (match_id, game) REFERENCES games(match_id, number)
      );
      CREATE TABLE crashes (
        match_id TEXT NOT NULL,
        game INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        after_ply INTEGER NOT NULL,
        at_ms REAL NOT NULL,
        loser TEXT NOT NULL,
        toward TEXT NOT NULL,
        during TEXT NOT NULL,
        well TEXT,
        PRIMARY KEY (match_id, seq),
        FOREIGN KEY (match_id, game) REFERENCES games(match_id, number)
      );
      CREATE TABLE forfeits (
        match_id TEXT NOT NULL,
        game INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        after_ply INTEGER NOT NULL,
        at_ms REAL NOT NULL,
        loser TEXT NOT NULL,
        reason TEXT NOT NULL,
        message TEXT NOT NULL,
        PRIMARY KEY (match_id, seq),
        FOREIGN KEY (match_id, game) REFERENCES games(match_id, number)
      );
      CREATE TABLE scores (
        match_id TEXT NOT NULL,
        game INTEGER NOT NULL,         -- the match score after this game
        score_a REAL NOT NULL,
        score_b REAL NOT NULL,
        PRIMARY KEY (match_id, game),
        FOREIGN KEY (match_id, game) REFERENCES games(match_id, number)
      );
    `,
  },
];

export const SCHEMA_VERSION = MIGRATIONS.at(-1)!.version;

/** The tables holding data, parents first (rebuild empties them children first). */
export const DATA_TABLES = [
  'boards',
  'players',
  'matches',
  'verdicts',
  'games',
  'moves',
  'fouls',
  'crashes',
  'forfeits',
  'scores',
] as const;
